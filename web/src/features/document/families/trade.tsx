// The trading family (purchase and sales documents, orders): the contact,
// staff and warehouse header, and the footer with the document discount,
// paid now over settlement accounts and the debt.
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Col, DatePicker, Form, Input, Row, Select, theme } from 'antd'
import dayjs from 'dayjs'
import { format } from '@/utils/decimal'
import { useCache } from '@/features/cache/api'
import { AccountLines } from '../components/AccountLines'
import { filter, options } from './options'
import { rememberLocation } from '../lib/defaults'
import { moneyWords } from '../lib/wording'
import type { Family, FamilyPartProps } from './types'

export { filter, options }

/** The contact, date and number of a document header (trading documents, invoices). */
export function ContactDateNumber(p: {
  contact?: 'customer' | 'supplier'
  buId?: number
  date: string
  billNo: string
  onContact: (buId: number | undefined) => void
  onDate: (date: string) => void
  fieldErr: FamilyPartProps['fieldErr']
}) {
  const { t } = useTranslation('document')
  const contacts = useCache(p.contact === 'customer' ? 'customers' : 'suppliers')
  const contactOptions = useMemo(() => options(contacts.list), [contacts.list])
  return (
    <>
      <Col xs={24} sm={12} md={6}>
        <Form.Item label={t(`contact.${p.contact}`)} required {...p.fieldErr('buId')}>
          <Select
            showSearch={{ filterOption: filter }}
            allowClear
            value={p.buId}
            options={contactOptions}
            onChange={(v) => p.onContact(v)}
            placeholder={t('pick')}
            data-testid="doc-contact"
          />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6} md={3}>
        <Form.Item label={t('field.date')} required {...p.fieldErr('date')}>
          <DatePicker
            style={{ width: '100%' }}
            allowClear={false}
            value={p.date ? dayjs(p.date) : null}
            onChange={(d) => p.onDate(d ? d.format('YYYY-MM-DD') : '')}
            data-testid="doc-date"
          />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6} md={4}>
        <Form.Item label={t('field.billNo')} {...p.fieldErr('billNo')}>
          <Input value={p.billNo} readOnly placeholder={t('autoNumber')} data-testid="doc-billno" />
        </Form.Item>
      </Col>
    </>
  )
}

function TradeHeader({ kind, state, readOnly, setHeader, fieldErr, onContact, lastLocKey }: FamilyPartProps) {
  const { t } = useTranslation('document')
  const { token } = theme.useToken()
  const staff = useCache('staff')
  const warehouses = useCache('warehouses')
  const staffOptions = useMemo(() => options(staff.list), [staff.list])
  const whOptions = useMemo(() => options(warehouses.list), [warehouses.list])
  const h = state.header
  return (
    <Form layout="vertical" disabled={readOnly} data-testid="doc-header">
      <Row gutter={token.marginSM}>
        <ContactDateNumber
          contact={kind.contact}
          buId={h.buId}
          date={h.date}
          billNo={h.billNo}
          onContact={onContact}
          onDate={(date) => setHeader({ date })}
          fieldErr={fieldErr}
        />
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
        <AccountLines
          title={t(moneyWords(kind).accounts)}
          accounts={state.accounts}
          readOnly={readOnly}
          setAccounts={(f) => edit((s) => ({ ...s, accounts: f(s.accounts) }))}
          fieldErr={fieldErr}
        />
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
