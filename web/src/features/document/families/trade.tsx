// The trading family (purchase and sales documents, orders): the contact,
// staff and warehouse header, and the footer with the document discount,
// paid now over settlement accounts and the debt.
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Col, DatePicker, Form, Input, Row, Select, Tooltip, Typography, theme } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { format } from '@/utils/decimal'
import { useCache } from '@/features/cache/api'
import type { AccountLine } from '../types'
import { emptyAccount } from '../lib/form'
import { rememberLocation } from '../lib/defaults'
import { moneyWords } from '../lib/wording'
import type { Family, FamilyPartProps } from './types'

export const options = (list: { id: number; name?: string; number?: string }[]) =>
  list.map((x) => ({ value: x.id, label: x.number ? `${x.number} ${x.name ?? ''}` : String(x.name ?? x.id) }))
export const filter = (input: string, o?: { label?: unknown }) =>
  String(o?.label ?? '')
    .toLowerCase()
    .includes(input.toLowerCase())

function TradeHeader({ kind, state, readOnly, setHeader, fieldErr, onContact, lastLocKey }: FamilyPartProps) {
  const { t } = useTranslation('document')
  const { token } = theme.useToken()
  const contacts = useCache(kind.contact === 'customer' ? 'customers' : 'suppliers')
  const staff = useCache('staff')
  const warehouses = useCache('warehouses')
  const contactOptions = useMemo(() => options(contacts.list), [contacts.list])
  const staffOptions = useMemo(() => options(staff.list), [staff.list])
  const whOptions = useMemo(() => options(warehouses.list), [warehouses.list])
  const h = state.header
  return (
    <Form layout="vertical" disabled={readOnly} data-testid="doc-header">
      <Row gutter={token.marginSM}>
        <Col xs={24} sm={12} md={6}>
          <Form.Item label={t(`contact.${kind.contact}`)} required {...fieldErr('buId')}>
            <Select
              showSearch={{ filterOption: filter }}
              allowClear
              value={h.buId}
              options={contactOptions}
              onChange={(v) => onContact(v)}
              placeholder={t('pick')}
              data-testid="doc-contact"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} md={3}>
          <Form.Item label={t('field.date')} required {...fieldErr('date')}>
            <DatePicker
              style={{ width: '100%' }}
              allowClear={false}
              value={h.date ? dayjs(h.date) : null}
              onChange={(d) => setHeader({ date: d ? d.format('YYYY-MM-DD') : '' })}
              data-testid="doc-date"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} md={4}>
          <Form.Item label={t('field.billNo')} {...fieldErr('billNo')}>
            <Input value={h.billNo} readOnly placeholder={t('autoNumber')} data-testid="doc-billno" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} md={3}>
          <Form.Item label={t('field.sales')} {...fieldErr('salesId')}>
            <Select
              showSearch={{ filterOption: filter }}
              allowClear
              value={h.salesId}
              options={staffOptions}
              onChange={(v) => setHeader({ salesId: v })}
              data-testid="doc-staff"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} md={4}>
          <Form.Item label={t('field.location')} {...fieldErr('locationId')}>
            <Select
              showSearch={{ filterOption: filter }}
              allowClear
              value={h.locationId}
              options={whOptions}
              onChange={(v) => {
                rememberLocation(lastLocKey, v)
                setHeader({ locationId: v })
              }}
              data-testid="doc-location"
            />
          </Form.Item>
        </Col>
        {kind.order && (
          <Col xs={12} sm={6} md={4}>
            <Form.Item label={t('field.deliveryDate')} {...fieldErr('deliveryDate')}>
              <DatePicker
                style={{ width: '100%' }}
                value={h.deliveryDate ? dayjs(h.deliveryDate) : null}
                onChange={(d) => setHeader({ deliveryDate: d ? d.format('YYYY-MM-DD') : '' })}
                data-testid="doc-delivery-date"
              />
            </Form.Item>
          </Col>
        )}
      </Row>
    </Form>
  )
}

function TradeFooter({ kind, state, readOnly, settings, figures, setHeader, edit, fieldErr }: FamilyPartProps) {
  const { t } = useTranslation('document')
  const { token } = theme.useToken()
  const accounts = useCache('accounts')
  const payMethods = useCache('payMethods')
  const accOptions = useMemo(() => options(accounts.list), [accounts.list])
  const wayOptions = useMemo(() => options(payMethods.list), [payMethods.list])
  const setAccount = (key: string, patch: Partial<AccountLine>) =>
    edit((s) => ({ ...s, accounts: s.accounts.map((a) => (a.key === key ? { ...a, ...patch } : a)) }))
  const h = state.header
  const money = settings.money
  const A = settings.amountPlaces
  return (
    <Form layout="vertical" disabled={readOnly} style={{ marginTop: token.marginSM }} data-testid="doc-footer">
      <Row gutter={token.marginSM}>
        <Col xs={24} md={8}>
          <Form.Item label={t('field.description')} {...fieldErr('description')}>
            <Input.TextArea
              rows={2}
              maxLength={255}
              value={h.description}
              onChange={(e) => setHeader({ description: e.target.value })}
              data-testid="doc-description"
            />
          </Form.Item>
        </Col>
        {money && (
          <>
            <Col xs={8} md={3}>
              <Form.Item label={t('field.disRate')} {...fieldErr('disRate')}>
                <Input
                  inputMode="decimal"
                  value={h.disRate}
                  onChange={(e) => setHeader({ disRate: e.target.value.trim(), disAmount: '' })}
                  suffix="%"
                  data-testid="doc-disrate"
                />
              </Form.Item>
            </Col>
            <Col xs={8} md={3}>
              <Form.Item label={t('field.disAmount')} {...fieldErr('disAmount')}>
                <Input
                  inputMode="decimal"
                  value={h.disAmount === '' ? format(figures.disAmount, A) : h.disAmount}
                  onChange={(e) => setHeader({ disAmount: e.target.value.trim() })}
                  data-testid="doc-disamount"
                />
              </Form.Item>
            </Col>
            <Col xs={8} md={3}>
              <Form.Item label={t('field.amount')}>
                <Input readOnly value={format(figures.amount, A)} data-testid="doc-amount" />
              </Form.Item>
            </Col>
            {!kind.order && (
              <>
                <Col xs={12} md={3}>
                  <Form.Item label={t(moneyWords(kind).rpAmount)}>
                    <Input readOnly value={format(figures.rpAmount, A)} data-testid="doc-rpamount" />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item label={t('field.arrears')}>
                    <Input readOnly value={format(figures.arrears, A)} data-testid="doc-arrears" />
                  </Form.Item>
                </Col>
              </>
            )}
          </>
        )}
      </Row>
      {money && !kind.order && (
        <div data-testid="doc-accounts">
          <Typography.Text strong>{t(moneyWords(kind).accounts)}</Typography.Text>
          {state.accounts.map((a, i) => (
            <Row key={a.key} gutter={token.marginXS} style={{ marginTop: token.marginXS }}>
              <Col xs={12} md={5}>
                <Form.Item style={{ margin: 0 }} {...fieldErr(`accounts[${i}].accId`)}>
                  <Select
                    allowClear
                    placeholder={t('accounts.account')}
                    value={a.accId}
                    options={accOptions}
                    onChange={(v) => setAccount(a.key, { accId: v })}
                    data-testid={`doc-acc-${i}`}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                <Form.Item style={{ margin: 0 }} {...fieldErr(`accounts[${i}].payment`)}>
                  <Input
                    inputMode="decimal"
                    placeholder={t('accounts.payment')}
                    value={a.payment}
                    onChange={(e) => setAccount(a.key, { payment: e.target.value.trim() })}
                    data-testid={`doc-pay-${i}`}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                <Select
                  allowClear
                  style={{ width: '100%' }}
                  placeholder={t('accounts.way')}
                  value={a.wayId}
                  options={wayOptions}
                  onChange={(v) => setAccount(a.key, { wayId: v })}
                />
              </Col>
              <Col xs={12} md={4}>
                <Input
                  placeholder={t('accounts.settlement')}
                  value={a.settlement}
                  onChange={(e) => setAccount(a.key, { settlement: e.target.value })}
                />
              </Col>
              <Col xs={20} md={6}>
                <Input
                  placeholder={t('accounts.remark')}
                  value={a.remark}
                  onChange={(e) => setAccount(a.key, { remark: e.target.value })}
                />
              </Col>
              <Col xs={4} md={1}>
                {!readOnly && (
                  <Tooltip title={t('accounts.remove')}>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      onClick={() =>
                        edit((s) => ({
                          ...s,
                          accounts: s.accounts.length > 1 ? s.accounts.filter((x) => x.key !== a.key) : [emptyAccount()],
                        }))
                      }
                    />
                  </Tooltip>
                )}
              </Col>
            </Row>
          ))}
          {!readOnly && (
            <Button
              type="dashed"
              size="small"
              icon={<PlusOutlined />}
              style={{ marginTop: token.marginXS }}
              onClick={() => edit((s) => ({ ...s, accounts: [...s.accounts, emptyAccount()] }))}
            >
              {t('accounts.add')}
            </Button>
          )}
        </div>
      )}
    </Form>
  )
}

export const tradeFamily: Family = {
  Header: TradeHeader,
  Footer: TradeFooter,
  grid: (k) => ({ hide: k.order ? ['batch', 'prodDate', 'validDate', 'serials'] : undefined }),
  settings: (_k, s) => s,
  check: (k, st, t) => {
    const out: Record<string, string> = {}
    if (k.contactRequired && !st.header.buId) out.buId = t('required', { field: t(`contact.${k.contact}`) })
    return out
  },
}
