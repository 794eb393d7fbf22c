// Add or edit an assisting-attribute group (colour, size …): name, number.
import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useAssistTypeMutations } from '../api'
import type { AssistType, AssistTypeInput } from '../types'

export function AssistTypeDialog({ state, onClose }: { state: { open: boolean; row?: AssistType }; onClose: () => void }) {
  const { t } = useTranslation('basicData')
  const { save } = useAssistTypeMutations()
  const row = state.row
  return (
    <FormDialog<AssistTypeInput>
      open={state.open}
      title={t(row ? 'assistSku.editGroup' : 'assistSku.addGroup')}
      initialValues={row ? { name: row.name, number: row.number } : {}}
      onSubmit={(v) => save.mutateAsync({ name: v.name.trim(), number: v.number?.trim() || undefined, id: row?.id })}
      onClose={onClose}
      width={480}
      data-testid="assist-type-form"
    >
      <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('name') }) }]}>
        <Input maxLength={100} data-testid="assist-type-name" />
      </Form.Item>
      <Form.Item name="number" label={t('number')} extra={row ? undefined : t('numberHint')}>
        <Input maxLength={32} disabled={!!row?.builtin} data-testid="assist-type-number" />
      </Form.Item>
    </FormDialog>
  )
}
