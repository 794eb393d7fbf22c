// Add or edit a unit group: its name and its units in an editable table.
// The first row is the base unit (rate 1); each other row says how many
// base units one of it holds. Rows can be added and removed.
import { Button, Form, Input, Table, Tag, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useUnitGroupMutations } from '../api'
import {
  emptyGroup,
  fromUnitType,
  nameError,
  rateError,
  rateText,
  toUnitGroupRequest,
  type UnitGroupValues,
  type UnitRowValues,
} from '../lib/unitGroup'
import type { UnitType } from '../types'

export function UnitGroupDialog({ state, onClose }: { state: { open: boolean; row?: UnitType }; onClose: () => void }) {
  const { t } = useTranslation('basicData')
  const [form] = Form.useForm<UnitGroupValues>()
  const { save } = useUnitGroupMutations()
  const rows = (Form.useWatch('units', form) ?? []) as UnitRowValues[]
  const baseName = rows[0]?.name?.trim() || t('unit.baseUnit')
  const row = state.row
  const fail = (e: string | undefined) => (e ? Promise.reject(new Error(t(`unit.errors.${e}`))) : Promise.resolve())

  return (
    <FormDialog<UnitGroupValues>
      open={state.open}
      title={t(row ? 'unit.editGroup' : 'unit.addGroup')}
      form={form}
      initialValues={row ? fromUnitType(row) : emptyGroup()}
      onSubmit={(v) => save.mutateAsync({ ...toUnitGroupRequest(v), id: row?.id })}
      onClose={onClose}
      width={640}
      layout="vertical"
      data-testid="unitType-form"
    >
      <Form.Item
        name="name"
        label={t('unit.groupName')}
        extra={t('unit.groupNameHint')}
        rules={[{ validator: (_, v) => fail(v?.trim() ? undefined : 'required') }]}
      >
        <Input maxLength={100} data-testid="unitType-name" />
      </Form.Item>
      <Form.List name="units" rules={[{ validator: (_, units) => fail((units?.length ?? 0) < 2 ? 'atLeastTwo' : undefined) }]}>
        {(fields, { add, remove }, { errors }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              data-testid="unitType-units"
              columns={[
                {
                  title: '#',
                  width: 90,
                  render: (_, f) =>
                    f.name === 0 ? (
                      <Tag color="processing">{t('unit.baseUnit')}</Tag>
                    ) : (
                      <Typography.Text type="secondary">{t('unit.auxUnit')}</Typography.Text>
                    ),
                },
                {
                  title: t('unit.unitName'),
                  render: (_, f) => (
                    <Form.Item
                      name={[f.name, 'name']}
                      style={{ marginBottom: 0 }}
                      rules={[
                        {
                          validator: () =>
                            fail(
                              nameError(
                                (form.getFieldValue('units') ?? []).map((u: UnitRowValues) => u?.name),
                                f.name,
                              ),
                            ),
                        },
                      ]}
                    >
                      <Input maxLength={100} data-testid={`unitType-unit-name-${f.name}`} />
                    </Form.Item>
                  ),
                },
                {
                  title: t('unit.rate'),
                  width: 150,
                  render: (_, f) => (
                    <Form.Item
                      name={[f.name, 'rate']}
                      style={{ marginBottom: 0 }}
                      rules={[{ validator: (_r, v) => fail(rateError(v, f.name)) }]}
                    >
                      <Input disabled={f.name === 0} inputMode="decimal" data-testid={`unitType-unit-rate-${f.name}`} />
                    </Form.Item>
                  ),
                },
                {
                  title: t('unit.meaning'),
                  render: (_, f) => {
                    const r = rows[f.name]
                    const rate = rateText(r?.rate)
                    if (f.name === 0 || !r?.name?.trim() || !rate) return null
                    return (
                      <Typography.Text type="secondary">{t('unit.equals', { unit: r.name.trim(), rate, base: baseName })}</Typography.Text>
                    )
                  },
                },
                {
                  title: '',
                  width: 48,
                  render: (_, f) =>
                    f.name === 0 ? null : (
                      <Button
                        type="text"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        aria-label={t('list:delete')}
                        onClick={() => remove(f.name)}
                        data-testid={`unitType-unit-remove-${f.name}`}
                      />
                    ),
                },
              ]}
            />
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              style={{ marginTop: 8 }}
              onClick={() => add({ name: '', rate: '' })}
              data-testid="unitType-unit-add"
            >
              {t('unit.addUnit')}
            </Button>
          </>
        )}
      </Form.List>
    </FormDialog>
  )
}
