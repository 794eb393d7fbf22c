// Add or edit a staff member: number, name, mobile, remark.
import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useMasterDialog } from '@/features/master/api'
import type { DialogState } from '@/features/master/components/MasterList'
import { employeeApi, employeeCaches, employeeKeys } from '../api'
import type { EmployeeInput } from '../types'

export function EmployeeDialog({ state, onClose }: { state: DialogState; onClose: () => void }) {
  const { t } = useTranslation('basicData')
  const d = useMasterDialog(employeeApi, employeeKeys.all, employeeCaches, state)
  const r = d.record
  const initial: Partial<EmployeeInput> = r
    ? { number: r.number, name: r.name, mobile: r.mobile, remark: r.remark }
    : { number: d.nextNumber }

  return (
    <FormDialog<EmployeeInput>
      open={state.open}
      title={t(d.editing ? 'employee.edit' : 'employee.add')}
      loading={d.loading}
      initialValues={initial}
      onSubmit={d.submit}
      onClose={onClose}
      width={520}
      data-testid="employee-form"
    >
      <Form.Item
        name="number"
        label={t('number')}
        rules={[{ required: true, whitespace: true, message: t('required', { field: t('number') }) }]}
      >
        <Input maxLength={32} data-testid="employee-number" />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('name') }) }]}>
        <Input maxLength={100} data-testid="employee-name" />
      </Form.Item>
      <Form.Item name="mobile" label={t('mobile')}>
        <Input maxLength={30} data-testid="employee-mobile" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea maxLength={500} rows={2} data-testid="employee-remark" />
      </Form.Item>
    </FormDialog>
  )
}
