// One custom field's input by its type, with the value as the form keeps it
// (strings; yes/no 0/1): a Form.Item child or a controlled input.
import { DatePicker, Input, Select, Switch } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { LIMITS, type CustomField } from '../types'
import '../catalogue'

export interface CustomInputProps {
  field: CustomField
  value?: string | number | null
  onChange?: (v: string | number) => void
  disabled?: boolean
}

export function CustomInput({ field, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation('customField')
  const testId = `custom-${field.code}`
  const s = value === null || value === undefined ? '' : String(value)
  switch (field.type) {
    case 'bool':
      return (
        <Switch
          data-testid={testId}
          checked={value === 1 || value === '1'}
          disabled={disabled}
          checkedChildren={t('yes')}
          unCheckedChildren={t('no')}
          onChange={(c) => onChange?.(c ? 1 : 0)}
        />
      )
    case 'date':
      return (
        <DatePicker
          data-testid={testId}
          value={s ? dayjs(s) : null}
          disabled={disabled}
          style={{ width: '100%' }}
          onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')}
        />
      )
    case 'choice':
      return (
        <Select
          data-testid={testId}
          value={s || undefined}
          disabled={disabled}
          allowClear
          options={field.options.map((o) => ({ value: o, label: o }))}
          onChange={(v?: string) => onChange?.(v ?? '')}
        />
      )
    case 'number':
      return <Input data-testid={testId} inputMode="decimal" value={s} disabled={disabled} onChange={(e) => onChange?.(e.target.value)} />
    default:
      return (
        <Input data-testid={testId} maxLength={LIMITS.text} value={s} disabled={disabled} onChange={(e) => onChange?.(e.target.value)} />
      )
  }
}
