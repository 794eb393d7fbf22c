// Coding rules (settings/coding): how the numbers of every document kind and
// of goods, customers, suppliers, warehouses and accounts are made. Editing a
// rule shows the next number it would give (the server computes it); saved
// documents keep their numbers.
import { useState } from 'react'
import { Button, Card, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag, Typography } from 'antd'
import { EditOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { Auth } from '@/components/Auth'
import { submitWithFieldErrors } from '@/features/profile/lib/submitWithFieldErrors'
import { useCodingPreview, useCodingRules, useSaveCodingRule } from '../api'
import { datePartOptions, resetOptions, type CodingInput, type CodingRule } from '../types'

export default function CodingRules() {
  const { t } = useTranslation('settings')
  const { data, isLoading } = useCodingRules()
  const [editing, setEditing] = useState<CodingRule>()
  return (
    <Card data-view="settings/coding" data-testid="coding-view" title={t('coding.title')}>
      <Typography.Paragraph type="secondary">{t('coding.hint')}</Typography.Paragraph>
      <Table<CodingRule>
        data-testid="coding-table"
        rowKey="kind"
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: t('coding.kind'), dataIndex: 'name', render: (v: string, r) => <span data-testid={`coding-name-${r.kind}`}>{v}</span> },
          { title: t('coding.group'), dataIndex: 'group', render: (g: string) => <Tag>{t(`coding.groups.${g}`)}</Tag> },
          { title: t('coding.prefix'), dataIndex: 'prefix' },
          { title: t('coding.datePart'), dataIndex: 'datePart', render: (v: string) => t(`coding.dateParts.${v}`) },
          { title: t('coding.digits'), dataIndex: 'digits' },
          { title: t('coding.reset'), dataIndex: 'reset', render: (v: string) => t(`coding.resets.${v}`) },
          { title: t('coding.manual'), dataIndex: 'manual', render: (v: boolean) => (v ? t('yes') : t('no')) },
          {
            title: t('coding.preview'),
            dataIndex: 'preview',
            render: (v: string, r) => (
              <Typography.Text code data-testid={`coding-preview-${r.kind}`}>
                {v}
              </Typography.Text>
            ),
          },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, r) => (
              <Auth perm="settings:coding:update">
                <Button size="small" icon={<EditOutlined />} data-testid={`coding-edit-${r.kind}`} onClick={() => setEditing(r)}>
                  {t('edit')}
                </Button>
              </Auth>
            ),
          },
        ]}
      />
      {editing && <RuleDialog rule={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  )
}

function RuleDialog({ rule, onClose }: { rule: CodingRule; onClose: () => void }) {
  const { t } = useTranslation('settings')
  const [form] = Form.useForm<CodingInput>()
  const initial: CodingInput = {
    kind: rule.kind,
    prefix: rule.prefix,
    datePart: rule.datePart,
    digits: rule.digits,
    reset: rule.reset,
    manual: rule.manual,
  }
  const [values, setValues] = useState<CodingInput>(initial)
  const preview = useCodingPreview(values)
  const save = useSaveCodingRule()
  const [saving, setSaving] = useState(false)
  const submit = async (v: CodingInput) => {
    setSaving(true)
    const ok = await submitWithFieldErrors(form, () => save.mutateAsync({ ...v, kind: rule.kind }))
    setSaving(false)
    if (ok) {
      feedback.message.success(t('saved'))
      onClose()
    }
  }
  const previewError = preview.error instanceof Error ? preview.error.message : ''
  return (
    <Modal
      open
      title={t('coding.editTitle', { name: rule.name })}
      onCancel={onClose}
      okText={t('save')}
      okButtonProps={{ loading: saving, 'data-testid': 'coding-save' } as never}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<CodingInput>
        form={form}
        layout="vertical"
        data-testid="coding-dialog"
        initialValues={initial}
        onFinish={submit}
        onValuesChange={(_, all) => setValues({ ...all, kind: rule.kind })}
      >
        <Form.Item name="prefix" label={t('coding.prefix')}>
          <Input maxLength={12} data-testid="coding-prefix" />
        </Form.Item>
        <Form.Item name="datePart" label={t('coding.datePart')}>
          <Select data-testid="coding-datePart" options={datePartOptions.map((v) => ({ value: v, label: t(`coding.dateParts.${v}`) }))} />
        </Form.Item>
        <Form.Item name="digits" label={t('coding.digits')} rules={[{ required: true, message: t('coding.digitsRequired') }]}>
          <InputNumber min={1} max={12} precision={0} data-testid="coding-digits" />
        </Form.Item>
        <Form.Item name="reset" label={t('coding.reset')}>
          <Select data-testid="coding-reset" options={resetOptions.map((v) => ({ value: v, label: t(`coding.resets.${v}`) }))} />
        </Form.Item>
        <Form.Item name="manual" label={t('coding.manual')} valuePropName="checked" extra={t('coding.manualHint')}>
          <Switch data-testid="coding-manual" />
        </Form.Item>
        <Form.Item label={t('coding.nextNumber')}>
          {previewError ? (
            <Typography.Text type="danger" data-testid="coding-preview-error">
              {previewError}
            </Typography.Text>
          ) : (
            <Typography.Text code data-testid="coding-dialog-preview">
              {preview.data?.preview ?? ''}
            </Typography.Text>
          )}
        </Form.Item>
      </Form>
    </Modal>
  )
}
