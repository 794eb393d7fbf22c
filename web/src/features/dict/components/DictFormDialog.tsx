// Add or edit a dictionary. A built-in dictionary keeps its code.
import { Form, Input, Radio } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useSaveDict } from '../api'
import type { Dict, DictInput } from '../types'
import { statusOptions } from '@/components/statusOptions'

export function DictFormDialog({ open, dict, onClose }: { open: boolean; dict?: Dict; onClose: () => void }) {
  const { t } = useTranslation('dict')
  const save = useSaveDict()
  return (
    <FormDialog<DictInput>
      open={open}
      title={t(dict ? 'edit' : 'add')}
      initialValues={dict ? { name: dict.name, dictCode: dict.dictCode, status: dict.status, remark: dict.remark } : { status: 1 }}
      onClose={onClose}
      onSubmit={(v) => save.mutateAsync({ id: dict?.id, input: { ...v, remark: v.remark ?? '' } })}
      data-testid="dict-form"
    >
      <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}>
        <Input maxLength={50} data-testid="dict-name" />
      </Form.Item>
      <Form.Item
        name="dictCode"
        label={t('dictCode')}
        extra={t('dictCodeHint')}
        rules={[
          { required: true, whitespace: true, message: t('dictCodeRequired') },
          { pattern: /^[a-z][a-z0-9_]*$/, message: t('dictCodeFormat') },
        ]}
      >
        <Input maxLength={50} disabled={dict?.builtin === 1} data-testid="dict-code" />
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <Radio.Group options={statusOptions(t)} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea rows={2} maxLength={255} />
      </Form.Item>
    </FormDialog>
  )
}
