// Add or edit a notice (drafts and revoked notices).
import { Form, Input, Radio, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { DictSelect } from '@/features/dict/components/DictSelect'
import { useNoticeForm, useSaveNotice, useUserOptions } from '../api'
import { TARGET, type NoticeForm } from '../types'
import { ContentEditor } from './ContentEditor'

interface Props {
  open: boolean
  /** the notice edited; none = a new one */
  id?: number
  onClose: () => void
}

const blank: Partial<NoticeForm> = { title: '', content: '', level: 'L', targetType: TARGET.all, targetUserIds: [] }

export function NoticeFormDialog({ open, id, onClose }: Props) {
  const { t } = useTranslation('notice')
  const form = useNoticeForm(open ? id : undefined)
  const save = useSaveNotice()
  const users = useUserOptions(open)
  const [f] = Form.useForm<NoticeForm>()
  const targetType = Form.useWatch('targetType', f)

  return (
    <FormDialog<NoticeForm>
      open={open}
      form={f}
      title={t(id ? 'edit' : 'add')}
      width={760}
      loading={!!id && form.isLoading}
      initialValues={id ? form.data : blank}
      onClose={onClose}
      onSubmit={(v) =>
        save.mutateAsync({
          id,
          input: {
            title: v.title,
            content: v.content ?? '',
            type: v.type,
            level: v.level,
            targetType: v.targetType,
            targetUserIds: v.targetType === TARGET.users ? (v.targetUserIds ?? []) : [],
          },
        })
      }
      data-testid="notice-form"
    >
      <Form.Item name="title" label={t('title')} rules={[{ required: true, whitespace: true, message: t('titleRequired') }]}>
        <Input maxLength={100} showCount data-testid="notice-title" />
      </Form.Item>
      <Form.Item name="type" label={t('type')} rules={[{ required: true, message: t('typeRequired') }]}>
        <DictSelect code="notice_type" numeric data-testid="notice-type" />
      </Form.Item>
      <Form.Item name="level" label={t('level')} rules={[{ required: true, message: t('levelRequired') }]}>
        <DictSelect code="notice_level" data-testid="notice-level" allowClear={false} />
      </Form.Item>
      <Form.Item name="targetType" label={t('target')}>
        <Radio.Group
          options={[
            { value: TARGET.all, label: <span data-testid="notice-target-all">{t('targets.1')}</span> },
            { value: TARGET.users, label: <span data-testid="notice-target-users">{t('targets.2')}</span> },
          ]}
        />
      </Form.Item>
      {targetType === TARGET.users && (
        <Form.Item name="targetUserIds" label={t('targetUsers')} rules={[{ required: true, message: t('targetUsersRequired') }]}>
          <Select
            mode="multiple"
            allowClear
            loading={users.isLoading}
            options={users.data ?? []}
            optionFilterProp="label"
            placeholder={t('pickUsers')}
            data-testid="notice-target-user-select"
          />
        </Form.Item>
      )}
      <Form.Item name="content" label={t('content')}>
        <ContentEditor />
      </Form.Item>
    </FormDialog>
  )
}
