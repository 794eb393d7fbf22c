// Add or edit an income or expense item: number, name, category (of the
// matching category type), remark. The type is the list's tab.
import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { CategoryTreeSelect } from '@/features/assist/components/CategoryTreeSelect'
import { useMasterDialog } from '@/features/master/api'
import type { DialogState } from '@/features/master/components/MasterList'
import { categoryTypeOf, itemApi, itemCaches, itemKeys } from '../api'
import { INCOME, type ItemInput } from '../types'

type Values = Omit<ItemInput, 'type'>

export function ItemDialog({ state, type, onClose }: { state: DialogState; type: number; onClose: () => void }) {
  const { t } = useTranslation('basicData')
  const d = useMasterDialog(itemApi, itemKeys.all, itemCaches, state, { type })
  const r = d.record
  const kind = r?.type ?? type
  const initial: Partial<Values> = r
    ? { number: r.number, name: r.name, categoryId: r.categoryId || undefined, remark: r.remark }
    : { number: d.nextNumber }
  const what = t(kind === INCOME ? 'item.income' : 'item.expense')

  return (
    <FormDialog<Values>
      open={state.open}
      title={t(d.editing ? 'item.edit' : 'item.add', { what })}
      loading={d.loading}
      initialValues={initial}
      onSubmit={(v) => d.submit({ ...v, type: kind, categoryId: v.categoryId ?? 0 })}
      onClose={onClose}
      width={520}
      data-testid="item-form"
    >
      <Form.Item
        name="number"
        label={t('number')}
        rules={[{ required: true, whitespace: true, message: t('required', { field: t('number') }) }]}
      >
        <Input maxLength={32} data-testid="item-number" />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('name') }) }]}>
        <Input maxLength={100} data-testid="item-name" />
      </Form.Item>
      <Form.Item name="categoryId" label={t('category')}>
        <CategoryTreeSelect typeNumber={categoryTypeOf(kind)} allowClear data-testid="item-category" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea maxLength={500} rows={2} data-testid="item-remark" />
      </Form.Item>
    </FormDialog>
  )
}
