// Basic information: nickname, gender, avatar URL (POST /api/users/profile).
import { useState } from 'react'
import { Avatar, Button, Form, Input, Radio, Space } from 'antd'
import { UserOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import type { Profile } from '@/features/auth/api'
import { useDictItems } from '@/features/dict/cache'
import { useUpdateProfile, type ProfileInput } from '../api'
import { submitWithFieldErrors } from '../lib/submitWithFieldErrors'

export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile')
  const [form] = Form.useForm<ProfileInput>()
  const save = useUpdateProfile()
  const { data: genders = [] } = useDictItems('gender')
  const [saving, setSaving] = useState(false)
  const avatar = Form.useWatch('avatar', form)

  const submit = async (v: ProfileInput) => {
    setSaving(true)
    const input = { nickname: v.nickname ?? '', gender: v.gender ?? 0, avatar: v.avatar ?? '' }
    if (await submitWithFieldErrors(form, () => save.mutateAsync(input))) feedback.message.success(t('saved'))
    setSaving(false)
  }

  return (
    <Form<ProfileInput>
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ nickname: profile.nickname, gender: profile.gender ?? 0, avatar: profile.avatar }}
      onFinish={submit}
      data-testid="profile-form"
    >
      <Form.Item name="nickname" label={t('nickname')} rules={[{ required: true, whitespace: true, message: t('nicknameRequired') }]}>
        <Input maxLength={50} data-testid="profile-nickname" />
      </Form.Item>
      <Form.Item name="gender" label={t('gender')}>
        <Radio.Group options={genders.map((g) => ({ value: Number(g.value), label: g.label }))} />
      </Form.Item>
      <Form.Item label={t('avatar')} extra={t('avatarHint')}>
        <Space.Compact block>
          <Space style={{ paddingInlineEnd: 8 }}>
            <Avatar src={avatar || undefined} icon={<UserOutlined />} />
          </Space>
          <Form.Item name="avatar" noStyle rules={[{ type: 'url', message: t('avatarUrl') }]}>
            <Input allowClear placeholder="https://…" data-testid="profile-avatar" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
        {t('save')}
      </Button>
    </Form>
  )
}
