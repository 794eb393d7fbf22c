// The list columns of the fields shown in lists: one per field, after the
// record's own columns, titled by the field's label.
import type { TableColumnType } from 'antd'
import type { CustomField, CustomValues } from '../types'
import { customText, listed } from './values'

export function customColumns<T extends { custom?: CustomValues }>(
  fields: CustomField[] | undefined,
  yesNo: [string, string],
): TableColumnType<T>[] {
  return listed(fields ?? []).map((f) => ({
    title: f.label,
    key: `custom.${f.code}`,
    align: f.type === 'number' ? ('right' as const) : undefined,
    render: (_: unknown, r: T) => customText(f, r.custom?.[f.code], yesNo),
  }))
}
