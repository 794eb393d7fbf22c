// Add or edit a user: username (fixed once created), nickname, gender (dict
// "gender"), mobile, e-mail, department, roles, shops, status; a password on create.
import { Col, Form, Input, Radio, Row, Select, TreeSelect } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useDeptOptions } from '@/features/dept/api'
import { useDictItems, useRoleOptions, useSaveUser, useShopOptions, useUserForm } from '../api'
import type { UserForm } from '../types'

export interface UserDialogState {
  open: boolean
  id?: number
  deptId?: number
}

export function UserDialog({ state, onClose }: { state: UserDialogState; onClose: () => void }) {
  const { t, i18n } = useTranslation('access')
  const editing = !!state.id
  const form = useUserForm(state.open ? state.id : undefined)
  const depts = useDeptOptions()
  const roles = useRoleOptions()
  const shops = useShopOptions()
  const genders = useDictItems('gender', i18n.language)
  const save = useSaveUser()
  const required = (field: string) => [{ required: true, whitespace: true, message: t('required', { field }) }]

  const initial: Partial<UserForm> = editing ? (form.data ?? {}) : { status: 1, gender: 0, deptId: state.deptId, roleIds: [], shopIds: [] }

  return (
    <FormDialog<UserForm>
      open={state.open}
      title={editing ? t('user.edit') : t('user.add')}
      loading={editing && form.isLoading}
      initialValues={initial}
      onSubmit={(v) => save.mutateAsync({ ...v, id: state.id, deptId: v.deptId ?? 0 })}
      onClose={onClose}
      width={720}
      data-testid="user-dialog"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="username" label={t('user.username')} rules={required(t('user.username'))}>
            <Input maxLength={32} disabled={editing} autoComplete="off" data-testid="user-username" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="nickname" label={t('user.nickname')} rules={required(t('user.nickname'))}>
            <Input maxLength={32} data-testid="user-nickname" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="gender" label={t('user.gender')}>
            <Select options={(genders.data ?? []).map((g) => ({ value: Number(g.value), label: g.label }))} data-testid="user-gender" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="deptId" label={t('user.dept')}>
            <TreeSelect allowClear treeData={depts.data ?? []} treeDefaultExpandAll data-testid="user-dept" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="mobile" label={t('user.mobile')} rules={[{ pattern: /^[0-9+\- ]{5,20}$/, message: t('user.badMobile') }]}>
            <Input maxLength={20} data-testid="user-mobile" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('user.email')} rules={[{ type: 'email', message: t('user.badEmail') }]}>
            <Input maxLength={128} data-testid="user-email" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="roleIds"
            label={t('user.roles')}
            rules={[{ required: true, type: 'array', min: 1, message: t('requiredPick', { field: t('user.roles') }) }]}
          >
            <Select mode="multiple" allowClear options={roles.data ?? []} optionFilterProp="label" data-testid="user-roles" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="shopIds"
            label={t('user.shops')}
            rules={[{ required: true, type: 'array', min: 1, message: t('requiredPick', { field: t('user.shops') }) }]}
          >
            <Select mode="multiple" allowClear options={shops.data ?? []} optionFilterProp="label" data-testid="user-shops" />
          </Form.Item>
        </Col>
        {!editing && (
          <Col xs={24} md={12}>
            <Form.Item
              name="password"
              label={t('user.password')}
              extra={t('user.passwordHint')}
              rules={[{ min: 8, message: t('user.passwordMin') }]}
            >
              <Input.Password maxLength={64} autoComplete="new-password" data-testid="user-password" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('status')}>
            <Radio.Group
              options={[
                { value: 1, label: t('enabled') },
                { value: 0, label: t('disabled') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  )
}
