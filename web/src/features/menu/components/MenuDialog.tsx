// Add or edit a menu entry. Every type: parent, type, name, English name,
// sort. CATALOG: route name and path, icon, redirect, always show, visible;
// MENU: route name and path, component, icon, keep alive, visible, params;
// BUTTON: permission; EXTLINK: address, icon, visible.
import { Button, Col, Flex, Form, Input, InputNumber, Radio, Row, Select, Space, TreeSelect } from 'antd'
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { menuIcon, menuIconNames } from '@/components/menuIcons'
import { useMenuForm, useMenuParents, useSaveMenu } from '../api'
import { FIELDS_BY_TYPE, toFormValues, toInput } from '../lib/menuForm'
import { MENU_TYPES, type MenuFormValues, type MenuType } from '../types'

export interface MenuDialogState {
  open: boolean
  id?: number
  parentId?: number
  type?: MenuType
}

export function MenuDialog({ state, onClose }: { state: MenuDialogState; onClose: () => void }) {
  const { t, i18n } = useTranslation('access')
  const editing = !!state.id
  const form = useMenuForm(state.open ? state.id : undefined)
  const parents = useMenuParents(i18n.language)
  const save = useSaveMenu()
  const [f] = Form.useForm<MenuFormValues>()
  const type = (Form.useWatch('type', f) as MenuType | undefined) ?? state.type ?? 'MENU'
  const shows = (k: string) => (FIELDS_BY_TYPE[type] as string[]).includes(k)
  const yesNo = [
    { value: 1, label: t('list:yes') },
    { value: 0, label: t('list:no') },
  ]
  const required = (field: string) => [{ required: true, whitespace: true, message: t('required', { field }) }]

  const initial: Partial<MenuFormValues> = editing
    ? form.data
      ? toFormValues(form.data)
      : {}
    : { parentId: state.parentId ?? 0, type: state.type ?? 'MENU', sort: 1, visible: 1, keepAlive: 1, alwaysShow: 0, params: [] }

  return (
    <FormDialog<MenuFormValues>
      form={f}
      open={state.open}
      title={editing ? t('menu.edit') : t('menu.add')}
      loading={editing && form.isLoading}
      initialValues={initial}
      onSubmit={(v) => save.mutateAsync({ ...toInput(v), id: state.id })}
      onClose={onClose}
      width={760}
      labelCol={{ flex: '110px' }}
      data-testid="menu-dialog"
    >
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item name="parentId" label={t('menu.parent')} rules={[{ required: true }]}>
            <TreeSelect
              treeData={[{ value: 0, label: t('menu.top'), children: parents.data ?? [] }]}
              treeDefaultExpandedKeys={[0]}
              showSearch={{ treeNodeFilterProp: 'label' }}
              data-testid="menu-parent"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="type" label={t('menu.type')} rules={[{ required: true }]}>
            <Radio.Group
              optionType="button"
              options={MENU_TYPES.map((v) => ({ value: v, label: t(`menu.types.${v}`) }))}
              data-testid="menu-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('menu.name')} rules={required(t('menu.name'))}>
            <Input maxLength={50} data-testid="menu-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="nameEn" label={t('menu.nameEn')}>
            <Input maxLength={100} data-testid="menu-name-en" />
          </Form.Item>
        </Col>
        {shows('routeName') && (
          <Col xs={24} md={12}>
            <Form.Item name="routeName" label={t('menu.routeName')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        )}
        {shows('routePath') && (
          <Col xs={24} md={12}>
            <Form.Item
              name="routePath"
              label={type === 'EXTLINK' ? t('menu.link') : t('menu.routePath')}
              rules={required(type === 'EXTLINK' ? t('menu.link') : t('menu.routePath'))}
              extra={type === 'EXTLINK' ? t('menu.linkHint') : undefined}
            >
              <Input maxLength={200} data-testid="menu-path" />
            </Form.Item>
          </Col>
        )}
        {shows('component') && (
          <Col xs={24} md={12}>
            <Form.Item name="component" label={t('menu.component')} rules={required(t('menu.component'))} extra={t('menu.componentHint')}>
              <Input maxLength={200} data-testid="menu-component" />
            </Form.Item>
          </Col>
        )}
        {shows('perm') && (
          <Col xs={24} md={12}>
            <Form.Item name="perm" label={t('menu.perm')} rules={required(t('menu.perm'))} extra={t('menu.permHint')}>
              <Input maxLength={100} data-testid="menu-perm" />
            </Form.Item>
          </Col>
        )}
        {shows('icon') && (
          <Col xs={24} md={12}>
            <Form.Item name="icon" label={t('menu.icon')}>
              <Select
                allowClear
                showSearch
                options={menuIconNames.map((n) => ({
                  value: n,
                  label: (
                    <Space>
                      {menuIcon(n, false)}
                      {n}
                    </Space>
                  ),
                }))}
              />
            </Form.Item>
          </Col>
        )}
        {shows('redirect') && (
          <Col xs={24} md={12}>
            <Form.Item name="redirect" label={t('menu.redirect')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        )}
        {shows('alwaysShow') && (
          <Col xs={24} md={12}>
            <Form.Item name="alwaysShow" label={t('menu.alwaysShow')} tooltip={t('menu.alwaysShowHint')}>
              <Radio.Group options={yesNo} />
            </Form.Item>
          </Col>
        )}
        {shows('keepAlive') && (
          <Col xs={24} md={12}>
            <Form.Item name="keepAlive" label={t('menu.keepAlive')}>
              <Radio.Group options={yesNo} />
            </Form.Item>
          </Col>
        )}
        {shows('visible') && (
          <Col xs={24} md={12}>
            <Form.Item name="visible" label={t('menu.visible')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('menu.shown') },
                  { value: 0, label: t('menu.hidden') },
                ]}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item name="sort" label={t('sort')}>
            <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {shows('params') && (
          <Col xs={24}>
            <Form.Item label={t('menu.params')} tooltip={t('menu.paramsHint')}>
              <Form.List name="params">
                {(fields, { add, remove }) => (
                  <Flex vertical gap="small">
                    {fields.map((field) => (
                      <Space key={field.key} align="baseline">
                        <Form.Item
                          name={[field.name, 'key']}
                          noStyle
                          rules={[{ required: true, whitespace: true, message: t('menu.paramKey') }]}
                        >
                          <Input placeholder={t('menu.paramKey')} maxLength={50} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'value']} noStyle>
                          <Input placeholder={t('menu.paramValue')} maxLength={200} />
                        </Form.Item>
                        <Button
                          type="text"
                          icon={<MinusCircleOutlined />}
                          onClick={() => remove(field.name)}
                          aria-label={t('list:delete')}
                        />
                      </Space>
                    ))}
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      onClick={() => add({ key: '', value: '' })}
                      style={{ alignSelf: 'flex-start' }}
                    >
                      {t('menu.addParam')}
                    </Button>
                  </Flex>
                )}
              </Form.List>
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormDialog>
  )
}
