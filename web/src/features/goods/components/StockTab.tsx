// The goods dialog's stock tab: stock warnings per warehouse (low / high)
// and the opening stock per warehouse (and SKU): quantity, unit cost, and the
// amount shown as qty × unit cost rounded to the amount places (the server
// computes the stored one the same way).
import { useEffect } from 'react'
import { Button, Divider, Form, InputNumber, Select, Table, Tooltip, Typography, type FormInstance } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { add, format, mul, round } from '@/utils/decimal'
import { decimalRule } from '@/components/decimalRule'
import { openingProblems, warningOk, type GoodsValues, type SkuRowValues } from '../lib/goodsForm'
import type { GoodsRefs } from '../lib/useGoodsRefs'
import { GOODS_MONEY, seesMoney } from '@/stores/money'
import { useSession } from '@/stores/session'

export interface Places {
  qty: number
  price: number
  amount: number
}

type OpeningRow = NonNullable<GoodsValues['openings']>[number]

/** The amount of one opening row: qty × unit cost, rounded half-up to the amount places. */
export const openingAmount = (o: OpeningRow | undefined, places: number) =>
  o?.qty !== undefined && o?.qty !== null && o.qty !== '' ? round(mul(o.qty, o.unitCost ?? 0), places) : ''

function RemoveButton({ onClick, testid, title }: { onClick: () => void; testid: string; title: string }) {
  return (
    <Tooltip title={title}>
      <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={onClick} data-testid={testid} />
    </Tooltip>
  )
}

export function StockTab({ form, refs, places }: { form: FormInstance<GoodsValues>; refs: GoodsRefs; places: Places }) {
  const { t } = useTranslation('goods')
  const watchedOpenings = Form.useWatch('openings', { form, preserve: true }) as OpeningRow[] | undefined
  const watchedSkus = Form.useWatch('skus', { form, preserve: true }) as SkuRowValues[] | undefined
  const openings = watchedOpenings ?? []
  const skus = watchedSkus ?? []
  const savedSkus = skus.filter((s) => s.id)
  // the list's own check runs when rows come and go; run it again as values change once it has failed
  useEffect(() => {
    if (form.getFieldError(['openings']).length) void form.validateFields([['openings']]).catch(() => undefined)
  }, [form, watchedOpenings, watchedSkus])
  const whOptions = refs.warehouses.filter((w) => !w.disable).map((w) => ({ value: w.id, label: w.name }))
  const qtyRule = decimalRule({ places: places.qty })
  const total = add(...openings.map((o) => openingAmount(o, places.amount)))
  const cost = seesMoney(
    GOODS_MONEY,
    'unitCost',
    useSession((st) => st.user),
  )

  return (
    <>
      <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
        {t('warnings')}
      </Divider>
      <Form.List name="warnings">
        {(fields, { add: addRow, remove }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              data-testid="goods-warnings"
              columns={[
                {
                  title: t('warehouse'),
                  key: 'wh',
                  render: (_, f) => (
                    <Form.Item
                      name={[f.name, 'locationId']}
                      style={{ marginBottom: 0 }}
                      rules={[{ required: true, message: t('requiredPick', { field: t('warehouse') }) }]}
                    >
                      <Select
                        size="small"
                        showSearch
                        optionFilterProp="label"
                        options={whOptions}
                        style={{ minWidth: 160 }}
                        data-testid={`goods-warning-wh-${f.name}`}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: t('lowQty'),
                  key: 'low',
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'lowQty']} style={{ marginBottom: 0 }} rules={[qtyRule]}>
                      <InputNumber size="small" stringMode style={{ width: 130 }} data-testid={`goods-warning-low-${f.name}`} />
                    </Form.Item>
                  ),
                },
                {
                  title: t('highQty'),
                  key: 'high',
                  render: (_, f) => (
                    <Form.Item
                      name={[f.name, 'highQty']}
                      style={{ marginBottom: 0 }}
                      dependencies={[['warnings', f.name, 'lowQty']]}
                      rules={[
                        qtyRule,
                        {
                          validator: (_r, high) =>
                            warningOk(form.getFieldValue(['warnings', f.name, 'lowQty']), high)
                              ? Promise.resolve()
                              : Promise.reject(new Error(t('lowOverHigh'))),
                        },
                      ]}
                    >
                      <InputNumber size="small" stringMode style={{ width: 130 }} data-testid={`goods-warning-high-${f.name}`} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'del',
                  width: 40,
                  render: (_, f) => (
                    <RemoveButton onClick={() => remove(f.name)} testid={`goods-warning-remove-${f.name}`} title={t('removeRow')} />
                  ),
                },
              ]}
            />
            <Button
              type="dashed"
              block
              size="small"
              icon={<PlusOutlined />}
              onClick={() => addRow({})}
              style={{ marginTop: 8 }}
              data-testid="goods-warning-add"
            >
              {t('addWarning')}
            </Button>
          </>
        )}
      </Form.List>

      <Divider titlePlacement="start" plain>
        {t('openings')}
      </Divider>
      <Form.List
        name="openings"
        rules={[
          {
            validator: (_r, rows: OpeningRow[]) => {
              const problems = openingProblems(rows, savedSkus.length)
              if (!problems.length) return Promise.resolve()
              return Promise.reject(
                problems.map((p) =>
                  p.kind === 'duplicate'
                    ? new Error(t('openingDuplicate', { row: p.row + 1, of: p.of + 1 }))
                    : new Error(t('openingSkuNeeded', { row: p.row + 1 })),
                ),
              )
            },
          },
        ]}
      >
        {(fields, { add: addRow, remove }, { errors }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              scroll={{ x: 'max-content' }}
              data-testid="goods-openings"
              summary={() =>
                fields.length && cost ? (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={savedSkus.length ? 4 : 3} align="right">
                      {t('total')}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      <span data-testid="goods-openings-total">{format(total, places.amount)}</span>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} />
                  </Table.Summary.Row>
                ) : null
              }
              columns={[
                {
                  title: t('warehouse'),
                  key: 'wh',
                  render: (_, f) => (
                    <Form.Item
                      name={[f.name, 'locationId']}
                      style={{ marginBottom: 0 }}
                      rules={[{ required: true, message: t('requiredPick', { field: t('warehouse') }) }]}
                    >
                      <Select
                        size="small"
                        showSearch
                        optionFilterProp="label"
                        options={whOptions}
                        style={{ minWidth: 160 }}
                        data-testid={`goods-opening-wh-${f.name}`}
                      />
                    </Form.Item>
                  ),
                },
                ...(savedSkus.length
                  ? [
                      {
                        title: t('sku'),
                        key: 'sku',
                        render: (_: unknown, f: { name: number }) => (
                          <Form.Item name={[f.name, 'skuId']} style={{ marginBottom: 0 }}>
                            <Select
                              size="small"
                              allowClear
                              options={savedSkus.map((s) => ({ value: s.id, label: s.skuName || `#${s.id}` }))}
                              style={{ minWidth: 140 }}
                              data-testid={`goods-opening-sku-${f.name}`}
                            />
                          </Form.Item>
                        ),
                      },
                    ]
                  : []),
                {
                  title: t('qty'),
                  key: 'qty',
                  render: (_, f) => (
                    <Form.Item
                      name={[f.name, 'qty']}
                      style={{ marginBottom: 0 }}
                      rules={[{ required: true, message: t('required', { field: t('qty') }) }, qtyRule]}
                    >
                      <InputNumber size="small" stringMode style={{ width: 120 }} data-testid={`goods-opening-qty-${f.name}`} />
                    </Form.Item>
                  ),
                },
                // unit cost and amount only with the cost right (the server answers neither otherwise)
                ...(cost
                  ? [
                      {
                        title: t('unitCost'),
                        key: 'cost',
                        render: (_: unknown, f: { name: number }) => (
                          <Form.Item
                            name={[f.name, 'unitCost']}
                            style={{ marginBottom: 0 }}
                            rules={[decimalRule({ places: places.price })]}
                          >
                            <InputNumber size="small" stringMode style={{ width: 120 }} data-testid={`goods-opening-cost-${f.name}`} />
                          </Form.Item>
                        ),
                      },
                      {
                        title: t('amount'),
                        key: 'amount',
                        align: 'right' as const,
                        render: (_: unknown, f: { name: number }) => (
                          <span data-testid={`goods-opening-amount-${f.name}`}>
                            {format(openingAmount(openings[f.name], places.amount), places.amount)}
                          </span>
                        ),
                      },
                    ]
                  : []),
                {
                  key: 'del',
                  width: 40,
                  render: (_, f) => (
                    <RemoveButton onClick={() => remove(f.name)} testid={`goods-opening-remove-${f.name}`} title={t('removeRow')} />
                  ),
                },
              ]}
            />
            <Form.ErrorList errors={errors} />
            {skus.some((s) => !s.id) && <Typography.Text type="secondary">{t('openingNewSkus')}</Typography.Text>}
            <Button
              type="dashed"
              block
              size="small"
              icon={<PlusOutlined />}
              onClick={() => addRow({})}
              style={{ marginTop: 8 }}
              data-testid="goods-opening-add"
            >
              {t('addOpening')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  )
}
