// Custom fields (settings/customField): the fields an administrator defines
// on goods, customers, suppliers and document headers, one tab per kind of
// record: label in both languages, type, choices, required, shown in lists,
// searchable, order, enabled.
import { useState } from 'react'
import { Button, Card, Checkbox, Form, Input, InputNumber, Select, Space, Table, Tabs, Tag, Typography } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Auth } from '@/components/Auth'
import { FormDialog } from '@/components/FormDialog'
import { confirmDelete } from '@/components/confirmDelete'
import { useCustomFieldDefs, useCustomFieldMutations } from '../api'
import { definitionBody, definitionValues, type DefinitionValues } from '../lib/values'
import { LIMITS, customTargets, customTypes, type CustomField, type CustomTarget } from '../types'
import '../catalogue'

export default function CustomFields() {
  const { t } = useTranslation('customField')
  const [target, setTarget] = useState<CustomTarget>('goods')
  const [editing, setEditing] = useState<{ open: boolean; field?: CustomField }>({ open: false })
  const { data, isLoading } = useCustomFieldDefs()
  const { remove } = useCustomFieldMutations()
  const rows = (data ?? []).filter((f) => f.target === target)
  const full = rows.length >= LIMITS.perTarget
  const flag = (v: 0 | 1) => (v ? <Tag color="blue">{t('yes')}</Tag> : <Typography.Text type="secondary">{t('no')}</Typography.Text>)

  return (
    <Card data-view="settings/customField" data-testid="custom-field-view" title={t('title')}>
      <Typography.Paragraph type="secondary">{t('hint', { max: LIMITS.perTarget })}</Typography.Paragraph>
      <Tabs
        activeKey={target}
        onChange={(k) => setTarget(k as CustomTarget)}
        items={customTargets.map((k) => ({
          key: k,
          label: (
            <span data-testid={`custom-target-${k}`}>
              {t(`targets.${k}`)} ({(data ?? []).filter((f) => f.target === k).length})
            </span>
          ),
        }))}
        tabBarExtraContent={
          <Auth perm="settings:customField:add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={full}
              title={full ? t('full', { max: LIMITS.perTarget }) : undefined}
              data-testid="custom-field-add"
              onClick={() => setEditing({ open: true })}
            >
              {t('add')}
            </Button>
          </Auth>
        }
      />
      <Table<CustomField>
        data-testid="custom-field-table"
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('sort'), dataIndex: 'sort', width: 70 },
          { title: t('label'), dataIndex: 'label', render: (v: string, r) => <span data-testid={`custom-field-${r.code}`}>{v}</span> },
          { title: t('code'), dataIndex: 'code', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { title: t('type'), dataIndex: 'type', render: (v: string) => t(`types.${v}`) },
          { title: t('options'), dataIndex: 'options', render: (v: string[]) => v.join(' / ') },
          { title: t('required'), dataIndex: 'required', render: flag },
          { title: t('inList'), dataIndex: 'inList', render: flag },
          { title: t('searchable'), dataIndex: 'searchable', render: flag },
          { title: t('enabled'), dataIndex: 'disable', render: (v: 0 | 1) => flag(v ? 0 : 1) },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, r) => (
              <Space>
                <Auth perm="settings:customField:update">
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    data-testid={`custom-field-edit-${r.code}`}
                    onClick={() => setEditing({ open: true, field: r })}
                  >
                    {t('edit')}
                  </Button>
                </Auth>
                <Auth perm="settings:customField:delete">
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    data-testid={`custom-field-delete-${r.code}`}
                    onClick={() => confirmDelete({ content: t('deleteConfirm', { label: r.label }), onOk: () => remove.mutateAsync(r.id) })}
                  >
                    {t('delete')}
                  </Button>
                </Auth>
              </Space>
            ),
          },
        ]}
      />
      <DefinitionDialog
        state={editing}
        target={target}
        nextSort={rows.reduce((m, f) => Math.max(m, f.sort), 0) + 1}
        onClose={() => setEditing({ open: false })}
      />
    </Card>
  )
}

function DefinitionDialog({
  state,
  target,
  nextSort,
  onClose,
}: {
  state: { open: boolean; field?: CustomField }
  target: CustomTarget
  nextSort: number
  onClose: () => void
}) {
  const { t } = useTranslation('customField')
  const [form] = Form.useForm<DefinitionValues>()
  const { save } = useCustomFieldMutations()
  const type = Form.useWatch('type', form)
  const f = state.field
  return (
    <FormDialog<DefinitionValues>
      open={state.open}
      title={f ? t('editTitle') : t('addTitle')}
      form={form}
      initialValues={definitionValues(f, target, nextSort)}
      onSubmit={(v) => save.mutateAsync(definitionBody({ ...v, target: f?.target ?? target }, f?.id))}
      onClose={onClose}
      successMessage={t('saved')}
      labelCol={{ flex: '120px' }}
      data-testid="custom-field-dialog"
    >
      <Form.Item
        name="labelZh"
        label={t('labelZh')}
        dependencies={['labelEn']}
        rules={[
          { max: LIMITS.label },
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              String(v ?? '').trim() || String(getFieldValue('labelEn') ?? '').trim()
                ? Promise.resolve()
                : Promise.reject(new Error(t('labelNeeded'))),
          }),
        ]}
      >
        <Input maxLength={LIMITS.label} data-testid="custom-field-labelZh" />
      </Form.Item>
      <Form.Item name="labelEn" label={t('labelEn')} rules={[{ max: LIMITS.label }]}>
        <Input maxLength={LIMITS.label} data-testid="custom-field-labelEn" />
      </Form.Item>
      <Form.Item name="type" label={t('type')} extra={f ? t('typeLocked') : undefined}>
        <Select data-testid="custom-field-type" options={customTypes.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
      </Form.Item>
      {type === 'choice' && (
        <Form.Item
          name="options"
          label={t('options')}
          extra={t('optionsHint')}
          rules={[{ validator: (_, v) => (String(v ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(t('optionsNeeded')))) }]}
        >
          <Input.TextArea rows={4} data-testid="custom-field-options" />
        </Form.Item>
      )}
      <Form.Item name="sort" label={t('sort')}>
        <InputNumber min={0} max={9999} precision={0} data-testid="custom-field-sort" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space wrap>
          <Form.Item name="required" valuePropName="checked" noStyle>
            <Checkbox data-testid="custom-field-required">{t('required')}</Checkbox>
          </Form.Item>
          <Form.Item name="inList" valuePropName="checked" noStyle>
            <Checkbox data-testid="custom-field-inList">{t('inList')}</Checkbox>
          </Form.Item>
          <Form.Item name="searchable" valuePropName="checked" noStyle>
            <Checkbox data-testid="custom-field-searchable">{t('searchable')}</Checkbox>
          </Form.Item>
          <Form.Item name="enabled" valuePropName="checked" noStyle>
            <Checkbox data-testid="custom-field-enabled">{t('enabled')}</Checkbox>
          </Form.Item>
        </Space>
      </Form.Item>
    </FormDialog>
  )
}
