// Add or edit a category (or a flat value: payment method, attribute value):
// parent (moving a node = choosing another parent; never itself or below
// it), name, number, sort, remark.
import { Form, Input, InputNumber, TreeSelect } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { toAssistInput, type AssistValues } from '../lib/form'
import { buildTree, subtreeIds, toTreeOptions } from '../lib/tree'
import { useAssistMutations } from '../api'
import type { Assist } from '../types'

export interface AssistDialogState {
  open: boolean
  /** the edited row */
  row?: Assist
  /** the parent of a new child */
  parentId?: number
}

interface Props {
  state: AssistDialogState
  onClose: () => void
  typeNumber: string
  /** every row of the type (for the parent picker) */
  rows: Assist[]
  flat?: boolean
  /** dialog titles */
  addTitle: string
  editTitle: string
}

export function AssistDialog({ state, onClose, typeNumber, rows, flat, addTitle, editTitle }: Props) {
  const { t } = useTranslation('basicData')
  const { save } = useAssistMutations(typeNumber)
  const row = state.row
  const parents = flat ? [] : toTreeOptions(buildTree(rows), { exclude: row ? subtreeIds(rows, row.id) : undefined })
  const initial: Partial<AssistValues> = row
    ? { parentId: row.parentId || undefined, name: row.name, number: row.number, sort: row.sort, remark: row.remark }
    : { parentId: state.parentId || undefined }

  return (
    <FormDialog<AssistValues>
      open={state.open}
      title={row ? editTitle : addTitle}
      initialValues={initial}
      onSubmit={(v) => save.mutateAsync({ ...toAssistInput(v, typeNumber, flat), id: row?.id })}
      onClose={onClose}
      width={520}
      data-testid="assist-form"
    >
      {!flat && (
        <Form.Item name="parentId" label={t('assist.parent')} extra={t('assist.parentHint')}>
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeData={parents}
            treeDefaultExpandAll
            placeholder={t('assist.top')}
            data-testid="assist-parent"
          />
        </Form.Item>
      )}
      <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('name') }) }]}>
        <Input maxLength={100} data-testid="assist-name" />
      </Form.Item>
      <Form.Item name="number" label={t('number')}>
        <Input maxLength={32} data-testid="assist-number" />
      </Form.Item>
      <Form.Item name="sort" label={t('sort')}>
        <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} data-testid="assist-sort" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea maxLength={500} rows={2} data-testid="assist-remark" />
      </Form.Item>
    </FormDialog>
  )
}
