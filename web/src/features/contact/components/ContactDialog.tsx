// Add or edit a customer or supplier: number (next number offered), name,
// category, price level (customers), tax rate, opening receivable/payable and
// advance with their date, remark, and the contacts table (one marked as the
// first contact, whose name and phones the list shows).
import { Button, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Table, Tooltip, type FormInstance } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useSystemInfo } from '@/features/auth/api'
import { useMasterMutations, useMasterRecord } from '@/features/master/api'
import { decimalRule } from '@/components/decimalRule'
import { contactApi, contactCache, contactKeys, useNextContactNumber } from '../api'
import { contactBody, contactValues, type ContactValues } from '../lib/contactForm'
import { PRICE_LEVELS, type ContactType } from '../types'
import { CategoryTreeSelect } from '@/features/assist/components/CategoryTreeSelect'
import { useCustomFields } from '@/features/customField/api'
import { CustomFieldItems } from '@/features/customField/components/CustomFieldItems'
import { contactMoney, seesMoney } from '@/stores/money'
import { useSession } from '@/stores/session'

export interface ContactDialogState {
  open: boolean
  id?: number
  categoryId?: number
}

export const categoryTypeOf = (type: ContactType) => (type === -10 ? 'customertype' : 'supplytype')

function LinkMans({ form }: { form: FormInstance<ContactValues> }) {
  const { t } = useTranslation('contact')
  const markFirst = (index: number) => {
    const rows = (form.getFieldValue('linkMans') ?? []) as ContactValues['linkMans']
    form.setFieldValue(
      'linkMans',
      (rows ?? []).map((r, i) => ({ ...r, linkFirst: i === index })),
    )
  }
  return (
    <Form.List name="linkMans">
      {(fields, { add, remove }) => (
        <>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            // fixed layout: the columns share the dialog's width, nothing runs off its right edge
            tableLayout="fixed"
            data-testid="contact-linkmans"
            columns={[
              {
                title: t('link.first'),
                width: 64,
                align: 'center',
                render: (_, f) => (
                  <Form.Item noStyle name={[f.name, 'linkFirst']} valuePropName="checked">
                    <Radio onChange={() => markFirst(f.name)} data-testid={`contact-link-first-${f.name}`} />
                  </Form.Item>
                ),
              },
              ...(['linkName', 'linkMobile', 'linkPhone', 'linkIm', 'address'] as const).map((k) => ({
                title: t(`link.${k}`),
                key: k,
                width: k === 'address' ? undefined : '17%',
                ellipsis: true,
                render: (_: unknown, f: { name: number }) => (
                  <Form.Item
                    name={[f.name, k]}
                    style={{ marginBottom: 0 }}
                    rules={k === 'linkName' ? [{ max: 100 }] : k === 'address' ? [{ max: 200 }] : [{ max: 30 }]}
                  >
                    <Input
                      size="small"
                      maxLength={k === 'linkName' ? 100 : k === 'address' ? 200 : 30}
                      style={{ width: '100%' }}
                      data-testid={`contact-${k}-${f.name}`}
                    />
                  </Form.Item>
                ),
              })),
              {
                key: 'del',
                width: 48,
                render: (_, f) => (
                  <Tooltip title={t('link.remove')}>
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(f.name)}
                      data-testid={`contact-link-remove-${f.name}`}
                    />
                  </Tooltip>
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            block
            size="small"
            icon={<PlusOutlined />}
            onClick={() => add({ linkFirst: fields.length === 0 })}
            style={{ marginTop: 8 }}
            data-testid="contact-link-add"
          >
            {t('link.add')}
          </Button>
        </>
      )}
    </Form.List>
  )
}

export function ContactDialog({ type, state, onClose }: { type: ContactType; state: ContactDialogState; onClose: () => void }) {
  const { t } = useTranslation('contact')
  const [form] = Form.useForm<ContactValues>()
  const editing = !!state.id
  const record = useMasterRecord(contactApi, contactKeys.all, state.open ? state.id : undefined)
  const next = useNextContactNumber(type, state.open && !editing)
  const { save } = useMasterMutations(contactApi, contactKeys.all, contactCache(type))
  const { data: info } = useSystemInfo()
  const amountPlaces = info?.amountPlaces ?? 2
  const closed = info?.closeDate || ''
  const lockedHint = closed ? t('openingLocked', { date: closed }) : undefined
  const customer = type === -10
  // the opening debt and advance need the sales (customers) or purchase (suppliers) right; the server keeps them otherwise
  const money = seesMoney(
    contactMoney(type),
    'amount',
    useSession((st) => st.user),
  )
  const what = t(customer ? 'customer' : 'supplier')
  const custom = useCustomFields(customer ? 'customer' : 'supplier')
  const fields = custom.data ?? []

  const initial = editing
    ? contactValues(record.data, undefined, fields)
    : contactValues(undefined, { categoryId: state.categoryId, number: next.data }, fields)

  return (
    <FormDialog<ContactValues>
      open={state.open}
      title={t(editing ? 'editTitle' : 'addTitle', { what })}
      form={form}
      loading={(editing ? record.isLoading : next.isLoading) || custom.isLoading}
      initialValues={initial}
      // the whole store: the contacts' ids have no field of their own
      onSubmit={() => save.mutateAsync(contactBody(type, form.getFieldsValue(true) as ContactValues, state.id, fields))}
      onClose={onClose}
      width={980}
      labelCol={{ flex: '150px' }}
      data-testid="contact-dialog"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="number"
            label={t('number')}
            rules={[{ required: true, whitespace: true, message: t('required', { field: t('number') }) }, { max: 32 }]}
          >
            <Input maxLength={32} autoComplete="off" data-testid="contact-number" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t('name')}
            rules={[{ required: true, whitespace: true, message: t('required', { field: t('name') }) }, { max: 100 }]}
          >
            <Input maxLength={100} autoComplete="off" data-testid="contact-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="categoryId" label={t('category')}>
            <CategoryTreeSelect typeNumber={categoryTypeOf(type)} allowClear data-testid="contact-category" />
          </Form.Item>
        </Col>
        {customer && (
          <Col xs={24} md={12}>
            <Form.Item name="cLevel" label={t('cLevel')}>
              <Select options={PRICE_LEVELS.map((l) => ({ value: l, label: t(`level.${l}`) }))} data-testid="contact-level" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item name="taxRate" label={t('taxRate')} rules={[decimalRule({ places: 2, max: 100 })]}>
            <InputNumber stringMode min="0" max="100" suffix="%" style={{ width: '100%' }} data-testid="contact-tax-rate" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="beginDate" label={t('beginDate')}>
            <DatePicker style={{ width: '100%' }} data-testid="contact-begin-date" />
          </Form.Item>
        </Col>
        {money && (
          <>
            <Col xs={24} md={12}>
              <Form.Item
                name="amount"
                label={t(customer ? 'openingReceivable' : 'openingPayable')}
                rules={[decimalRule({ places: amountPlaces })]}
                extra={lockedHint}
              >
                <InputNumber stringMode min="0" disabled={!!closed} style={{ width: '100%' }} data-testid="contact-amount" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="periodMoney"
                label={t(customer ? 'openingAdvanceReceived' : 'openingAdvancePaid')}
                rules={[decimalRule({ places: amountPlaces })]}
                extra={lockedHint}
              >
                <InputNumber stringMode min="0" disabled={!!closed} style={{ width: '100%' }} data-testid="contact-period-money" />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24}>
          <Form.Item name="remark" label={t('remark')} rules={[{ max: 500 }]}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} data-testid="contact-remark" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <CustomFieldItems fields={fields} />
        </Col>
        <Col xs={24}>
          <Form.Item label={t('contacts')}>
            <LinkMans form={form} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  )
}
