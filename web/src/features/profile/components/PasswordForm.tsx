// Change password: old, new (the password rule: at least 8, checked in full by the server), confirm (must match).
import { useState } from 'react'
import { Button, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import type { PasswordChange } from '@/features/auth/api'
import { useChangePassword } from '../api'
import { submitWithFieldErrors } from '../lib/submitWithFieldErrors'

export function PasswordForm() {
  const { t } = useTranslation('profile')
  const [form] = Form.useForm<PasswordChange>()
  const change = useChangePassword()
  const [saving, setSaving] = useState(false)
  const submit = async (v: PasswordChange) => {
    setSaving(true)
    if (await submitWithFieldErrors(form, () => change.mutateAsync(v))) {
      feedback.message.success(t('password.done'))
      form.resetFields()
    }
    setSaving(false)
  }
  return (
    <Form<PasswordChange> form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={submit} data-testid="password-form">
      <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('password.oldRequired') }]}>
        <Input.Password autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        rules={[
          { required: true, message: t('password.newRequired') },
          { min: 8, message: t('password.min') },
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="password-save">
        {t('password.submit')}
      </Button>
    </Form>
  )
}
