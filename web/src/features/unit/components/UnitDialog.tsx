// Add or rename a stand-alone unit.
import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useUnitMutations } from '../api'
import type { Unit, UnitInput } from '../types'

export function UnitDialog({ state, onClose }: { state: { open: boolean; row?: Unit }; onClose: () => void }) {
  const { t } = useTranslation('basicData')
  const { save } = useUnitMutations()
  const row = state.row
  return (
    <FormDialog<UnitInput>
      open={state.open}
      title={t(row ? 'unit.editUnit' : 'unit.addUnit')}
      initialValues={row ? { name: row.name } : {}}
      onSubmit={(v) => save.mutateAsync({ name: v.name.trim(), id: row?.id })}
      onClose={onClose}
      width={440}
      data-testid="unit-form"
    >
      <Form.Item
        name="name"
        label={t('unit.unitName')}
        rules={[{ required: true, whitespace: true, message: t('required', { field: t('unit.unitName') }) }]}
      >
        <Input maxLength={100} data-testid="unit-name" />
      </Form.Item>
    </FormDialog>
  )
}
