// Add or edit a department: parent (tree select, top level = 0), name, code, sort, status.
import { Form, Input, InputNumber, Radio, TreeSelect } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useDeptForm, useDeptOptions, useSaveDept } from '../api'
import type { DeptForm } from '../types'

export interface DeptDialogState {
  open: boolean
  id?: number
  parentId?: number
}

export function DeptDialog({ state, onClose }: { state: DeptDialogState; onClose: () => void }) {
  const { t } = useTranslation('access')
  const form = useDeptForm(state.open ? state.id : undefined)
  const options = useDeptOptions()
  const save = useSaveDept()
  const editing = !!state.id
  const initial: Partial<DeptForm> = editing ? (form.data ?? {}) : { parentId: state.parentId ?? 0, status: 1, sort: 1 }
  return (
    <FormDialog<DeptForm>
      open={state.open}
      title={editing ? t('dept.edit') : t('dept.add')}
      loading={editing && form.isLoading}
      initialValues={initial}
      onSubmit={(v) => save.mutateAsync({ ...v, id: state.id })}
      onClose={onClose}
      data-testid="dept-dialog"
    >
      <Form.Item name="parentId" label={t('dept.parent')} rules={[{ required: true }]}>
        <TreeSelect
          treeData={[{ value: 0, label: t('dept.top'), children: options.data ?? [] }]}
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'label' }}
          data-testid="dept-parent"
        />
      </Form.Item>
      <Form.Item name="name" label={t('dept.name')} rules={[{ required: true, message: t('required', { field: t('dept.name') }) }]}>
        <Input maxLength={64} data-testid="dept-name" />
      </Form.Item>
      <Form.Item name="code" label={t('dept.code')} rules={[{ required: true, message: t('required', { field: t('dept.code') }) }]}>
        <Input maxLength={32} data-testid="dept-code" />
      </Form.Item>
      <Form.Item name="sort" label={t('sort')}>
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <Radio.Group
          options={[
            { value: 1, label: t('enabled') },
            { value: 0, label: t('disabled') },
          ]}
        />
      </Form.Item>
    </FormDialog>
  )
}
