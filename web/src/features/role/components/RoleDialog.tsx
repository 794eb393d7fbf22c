// Add or edit a role: name, code, sort, status, data scope, remark.
import { Form, Input, InputNumber, Radio, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useRoleForm, useSaveRole } from '../api'
import { DATA_SCOPES, type RoleForm } from '../types'

export interface RoleDialogState {
  open: boolean
  id?: number
}

export function RoleDialog({ state, onClose }: { state: RoleDialogState; onClose: () => void }) {
  const { t } = useTranslation('access')
  const editing = !!state.id
  const form = useRoleForm(state.open ? state.id : undefined)
  const save = useSaveRole()
  const initial: Partial<RoleForm> = editing ? (form.data ?? {}) : { status: 1, sort: 1, dataScope: 0 }
  return (
    <FormDialog<RoleForm>
      open={state.open}
      title={editing ? t('role.edit') : t('role.add')}
      loading={editing && form.isLoading}
      initialValues={initial}
      onSubmit={(v) => save.mutateAsync({ ...v, id: state.id })}
      onClose={onClose}
      data-testid="role-dialog"
    >
      <Form.Item
        name="name"
        label={t('role.name')}
        rules={[{ required: true, whitespace: true, message: t('required', { field: t('role.name') }) }]}
      >
        <Input maxLength={32} data-testid="role-name" />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('role.code')}
        extra={t('role.codeHint')}
        rules={[
          { required: true, message: t('required', { field: t('role.code') }) },
          { pattern: /^[A-Z][A-Z0-9_]*$/, message: t('role.codeBad') },
        ]}
      >
        <Input maxLength={32} data-testid="role-code" />
      </Form.Item>
      <Form.Item name="dataScope" label={t('role.dataScope')}>
        <Select options={DATA_SCOPES.map((v) => ({ value: v, label: t(`role.scopes.${v}`) }))} data-testid="role-scope" />
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
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea maxLength={200} rows={3} />
      </Form.Item>
    </FormDialog>
  )
}
