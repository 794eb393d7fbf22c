// The inventory family (warehouse documents: transfers, other stock-in and
// stock-out, cost adjustments, assembly and disassembly): no money, no
// discount, no settlement lines. The header picks the sub-type, an
// optional contact (a supplier on a stock-in, a customer on a stock-out)
// and the warehouse(s) the lines default to; a combination adds its fee and
// the template picker. The lines' columns follow the kind's line shape.
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Col, DatePicker, Form, Input, Row, Select, theme } from 'antd'
import dayjs from 'dayjs'
import type { ColumnKey, GridSettings } from '@/components/DocGrid'
import { useCache } from '@/features/cache/api'
import { TemplatePicker } from '@/features/warehouse/components/TemplatePicker'
import type { DocKind } from '../kinds'
import { rememberLocation } from '../lib/defaults'
import { filter, options } from './trade'
import type { Family, FamilyPartProps, GridShape } from './types'
import '@/features/warehouse/catalogue'

const TAX: ColumnKey[] = ['discountRate', 'deduction', 'taxRate', 'tax', 'taxAmount']
const PRICE: ColumnKey[] = ['price', 'amount']

/** The line columns of each inventory line shape. */
export function inventoryGrid(k: DocKind): GridShape {
  switch (k.lines) {
    case 'transfer':
      return { hide: [...TAX, ...PRICE], show: ['inLocation'], titles: { location: 'col.outLocation' } }
    case 'priced':
      // the amount is the cost in
      return { hide: [...TAX, 'unitCost', 'cost'] }
    case 'value':
      return { hide: TAX, titles: { amount: 'col.adjustAmount' } }
    case 'combination':
      return { hide: [...TAX, ...PRICE], show: ['entryType'] }
    default:
      return { hide: [...TAX, ...PRICE] }
  }
}

/** Grid settings of an inventory kind: no tax; cost adjustments type signed amounts. */
export function inventorySettings(k: DocKind, s: GridSettings): GridSettings {
  return { ...s, taxOn: false, priceIsTax: false, valueOnly: k.lines === 'value' }
}

function InventoryHeader({ kind, state, readOnly, setHeader, fieldErr, onContact, lastLocKey, edit }: FamilyPartProps) {
  const { t } = useTranslation(['warehouse', 'document'])
  const { token } = theme.useToken()
  const contacts = useCache(kind.contact === 'supplier' ? 'suppliers' : 'customers')
  const warehouses = useCache('warehouses')
  const contactOptions = useMemo(() => (kind.contact ? options(contacts.list) : []), [kind.contact, contacts.list])
  const whOptions = useMemo(() => options(warehouses.list), [warehouses.list])
  const h = state.header
  const transfer = kind.lines === 'transfer'
  const hint = transfer
    ? 'hint.transfer'
    : kind.lines === 'value'
      ? 'hint.valueOnly'
      : kind.lines === 'combination'
        ? 'hint.combination'
        : ''
  return (
    <Form layout="vertical" disabled={readOnly} data-testid="doc-header">
      <Row gutter={token.marginSM}>
        {kind.transTypes && (
          <Col xs={12} sm={6} md={3}>
            <Form.Item label={t('field.transType')} {...fieldErr('transType')}>
              <Select
                value={h.transType ?? kind.transTypes[0]}
                options={kind.transTypes.map((v) => ({ value: v, label: t(`transType.${v}`) }))}
                onChange={(v) => setHeader({ transType: v })}
                data-testid="doc-transtype"
              />
            </Form.Item>
          </Col>
        )}
        {kind.contact && (
          <Col xs={24} sm={12} md={5}>
            <Form.Item label={t('field.contactOptional', { contact: t(`document:contact.${kind.contact}`) })} {...fieldErr('buId')}>
              <Select
                showSearch={{ filterOption: filter }}
                allowClear
                value={h.buId}
                options={contactOptions}
                onChange={(v) => onContact(v)}
                placeholder={t('document:pick')}
                data-testid="doc-contact"
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={12} sm={6} md={3}>
          <Form.Item label={t('document:field.date')} required {...fieldErr('date')}>
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
          <Form.Item label={t('document:field.billNo')} {...fieldErr('billNo')}>
            <Input value={h.billNo} readOnly placeholder={t('document:autoNumber')} data-testid="doc-billno" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} md={4}>
          <Form.Item label={t(transfer ? 'field.outLocation' : 'field.location')} {...fieldErr(transfer ? 'outLocationId' : 'locationId')}>
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
        {transfer && (
          <Col xs={12} sm={6} md={4}>
            <Form.Item label={t('field.inLocation')} {...fieldErr('inLocationId')}>
              <Select
                showSearch={{ filterOption: filter }}
                allowClear
                value={h.inLocationId}
                options={whOptions}
                onChange={(v) => setHeader({ inLocationId: v })}
                data-testid="doc-in-location"
              />
            </Form.Item>
          </Col>
        )}
        {kind.lines === 'combination' && (
          <Col xs={12} sm={6} md={3}>
            <Form.Item label={t('field.fee')} {...fieldErr('fee')}>
              <Input
                inputMode="decimal"
                value={h.fee ?? ''}
                placeholder="0"
                onChange={(e) => setHeader({ fee: e.target.value.trim() })}
                data-testid="doc-fee"
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      {kind.lines === 'combination' && !readOnly && <TemplatePicker state={state} edit={edit} />}
      {hint && !readOnly && <Alert type="info" showIcon message={t(hint)} style={{ marginBottom: token.marginSM }} />}
    </Form>
  )
}

/** The description: the whole footer of documents without money lines. */
export function InventoryFooter({ state, readOnly, setHeader, fieldErr }: FamilyPartProps) {
  const { t } = useTranslation('document')
  const { token } = theme.useToken()
  return (
    <Form layout="vertical" disabled={readOnly} style={{ marginTop: token.marginSM }} data-testid="doc-footer">
      <Row gutter={token.marginSM}>
        <Col xs={24} md={12}>
          <Form.Item label={t('field.description')} {...fieldErr('description')}>
            <Input.TextArea
              rows={2}
              maxLength={255}
              value={state.header.description}
              onChange={(e) => setHeader({ description: e.target.value })}
              data-testid="doc-description"
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  )
}

export const inventoryFamily: Family = {
  Header: InventoryHeader,
  Footer: InventoryFooter,
  grid: inventoryGrid,
  settings: inventorySettings,
  check: () => ({}),
}
