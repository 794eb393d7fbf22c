// The settlement lines of a document (account, amount, payment method,
// settlement no., remark; add and remove): paid now on a purchase or sale,
// the money of a receipt or payment. Errors by the line's place
// (accounts[i].accId, accounts[i].payment).
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Col, Form, Input, Row, Select, Tooltip, Typography, theme } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useCache } from '@/features/cache/api'
import type { AccountLine } from '../types'
import { emptyAccount } from '../lib/form'
import { filter, options } from '../families/options'

export interface AccountLinesProps {
  title: string
  accounts: AccountLine[]
  readOnly: boolean
  /** an edit of the lines */
  setAccounts: (f: (a: AccountLine[]) => AccountLine[]) => void
  fieldErr: (name: string) => { validateStatus?: 'error'; help?: string }
}

export function AccountLines({ title, accounts: list, readOnly, setAccounts, fieldErr }: AccountLinesProps) {
  const { t } = useTranslation('document')
  const { token } = theme.useToken()
  const accounts = useCache('accounts')
  const payMethods = useCache('payMethods')
  const accOptions = useMemo(() => options(accounts.list), [accounts.list])
  const wayOptions = useMemo(() => options(payMethods.list), [payMethods.list])
  const setAccount = (key: string, patch: Partial<AccountLine>) =>
    setAccounts((a) => a.map((x) => (x.key === key ? { ...x, ...patch } : x)))
  return (
    <div data-testid="doc-accounts">
      <Typography.Text strong>{title}</Typography.Text>
      {list.map((a, i) => (
        <Row key={a.key} gutter={token.marginXS} style={{ marginTop: token.marginXS }}>
          <Col xs={12} md={5}>
            <Form.Item style={{ margin: 0 }} {...fieldErr(`accounts[${i}].accId`)}>
              <Select
                allowClear
                showSearch={{ filterOption: filter }}
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
              data-testid={`doc-way-${i}`}
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
            <Input placeholder={t('accounts.remark')} value={a.remark} onChange={(e) => setAccount(a.key, { remark: e.target.value })} />
          </Col>
          <Col xs={4} md={1}>
            {!readOnly && (
              <Tooltip title={t('accounts.remove')}>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  onClick={() => setAccounts((l) => (l.length > 1 ? l.filter((x) => x.key !== a.key) : [emptyAccount()]))}
                  data-testid={`doc-acc-remove-${i}`}
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
          onClick={() => setAccounts((l) => [...l, emptyAccount()])}
          data-testid="doc-acc-add"
        >
          {t('accounts.add')}
        </Button>
      )}
    </div>
  )
}
