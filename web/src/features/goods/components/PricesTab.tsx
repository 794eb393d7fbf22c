// The goods dialog's prices tab: the base unit's purchase, retail,
// wholesale and VIP prices, the two discount levels (% of retail), and with a
// unit group the other units: ratio, own barcode and prices. A price the
// user has no right to see is not shown (nor changed: the server keeps it).
// The fields do not clamp what is typed: a negative or too large figure is
// refused by the field's rule (as the server refuses it), never quietly changed.
import { Col, Divider, Form, Input, InputNumber, Row, Table, Typography, type FormInstance } from 'antd'
import { useTranslation } from 'react-i18next'
import { decimalRule } from '@/components/decimalRule'
import { baseUnitName, type GoodsValues, type UnitRowValues } from '../lib/goodsForm'
import { noSubmitOnEnter } from './BasicTab'
import { GOODS_MONEY, seesMoney } from '@/stores/money'
import { useSession } from '@/stores/session'

export const PRICE_FIELDS = ['purPrice', 'salePrice', 'wholesalePrice', 'vipPrice'] as const

export function PricesTab({ form, pricePlaces }: { form: FormInstance<GoodsValues>; pricePlaces: number }) {
  const { t } = useTranslation('goods')
  const multiUnit = Form.useWatch('multiUnit', { form, preserve: true })
  const units = (Form.useWatch('units', { form, preserve: true }) ?? []) as UnitRowValues[]
  const priceRule = decimalRule({ places: pricePlaces })
  const rateRule = decimalRule({ places: 2, max: 100 })
  const user = useSession((st) => st.user)
  const prices = PRICE_FIELDS.filter((k) => seesMoney(GOODS_MONEY, k, user))

  return (
    <>
      <Row gutter={16}>
        {prices.map((k) => (
          <Col xs={24} md={12} key={k}>
            <Form.Item name={k} label={t(k)} rules={[priceRule]}>
              <InputNumber stringMode style={{ width: '100%' }} data-testid={`goods-${k}`} />
            </Form.Item>
          </Col>
        ))}
        {(['discountRate1', 'discountRate2'] as const).map((k) => (
          <Col xs={24} md={12} key={k}>
            <Form.Item name={k} label={t(k)} rules={[rateRule]} extra={t('discountHint')}>
              <InputNumber stringMode suffix="%" style={{ width: '100%' }} data-testid={`goods-${k}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      {multiUnit && (
        <>
          <Divider titlePlacement="start" plain>
            {t('multiUnitTable')}
          </Divider>
          <Form.List name="units">
            {(fields) =>
              fields.length === 0 ? (
                <Typography.Text type="secondary">{t('pickGroupFirst')}</Typography.Text>
              ) : (
                <Table
                  size="small"
                  rowKey="key"
                  pagination={false}
                  dataSource={fields}
                  scroll={{ x: 'max-content' }}
                  data-testid="goods-units"
                  columns={[
                    {
                      title: t('unit'),
                      key: 'unit',
                      render: (_, f) => <span data-testid={`goods-unit-row-${f.name}`}>{units[f.name]?.unitName}</span>,
                    },
                    {
                      title: t('rate'),
                      key: 'rate',
                      render: (_, f) =>
                        t('rateValue', { rate: String(units[f.name]?.rate ?? ''), base: baseUnitName(units) || t('baseUnit') }),
                    },
                    {
                      title: t('barCode'),
                      key: 'barCode',
                      render: (_, f) => (
                        <Form.Item name={[f.name, 'barCode']} style={{ marginBottom: 0 }} rules={[{ max: 64 }]}>
                          <Input
                            size="small"
                            maxLength={64}
                            onKeyDown={noSubmitOnEnter}
                            style={{ minWidth: 140 }}
                            data-testid={`goods-unit-barcode-${f.name}`}
                          />
                        </Form.Item>
                      ),
                    },
                    ...prices.map((k) => ({
                      title: t(k),
                      key: k,
                      render: (_: unknown, f: { name: number }) => (
                        <Form.Item name={[f.name, k]} style={{ marginBottom: 0 }} rules={[priceRule]}>
                          <InputNumber size="small" stringMode style={{ width: 110 }} data-testid={`goods-unit-${k}-${f.name}`} />
                        </Form.Item>
                      ),
                    })),
                  ]}
                />
              )
            }
          </Form.List>
        </>
      )}
    </>
  )
}
