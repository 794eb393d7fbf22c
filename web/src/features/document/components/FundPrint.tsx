// The printed body of a money document (in place of the goods table): the
// documents a receipt, payment or verification settles with the money
// brought, or the lines of other income, expense and fund transfers.
import { useTranslation } from 'react-i18next'
import { add, format, mul } from '@/utils/decimal'
import { useCache } from '@/features/cache/api'
import type { DocKind } from '../kinds'
import type { DocState } from '../types'
import { checkedOf, moneyOf, sentChecks, sentLines, usedAccounts } from '../lib/fund'
import '@/features/fund/catalogue'

export function FundPrint({ kind, state, places }: { kind: DocKind; state: DocState; places: number }) {
  const { t } = useTranslation('fund')
  const accounts = useCache('accounts')
  const items = useCache('items')
  const ways = useCache('payMethods')
  const name = (c: { byId: Map<number, { name?: unknown }> }, id?: number) => (id ? String(c.byId.get(id)?.name ?? id) : '')
  const f = state.fund
  if (!f) return null
  const num = (v: string) => format(v, places)
  let head: string[]
  let rows: string[][]
  let total: string
  if (kind.fund === 'items' || kind.fund === 'transfer') {
    const lines = sentLines(f.lines)
    head =
      kind.fund === 'items'
        ? [t(kind.name === 'expense' ? 'lines.expenseItem' : 'lines.incomeItem'), t('lines.amount'), t('lines.description')]
        : [t('lines.outAcc'), t('lines.inAcc'), t('lines.amount'), t('lines.way'), t('lines.settlement'), t('lines.description')]
    rows = lines.map((l) =>
      kind.fund === 'items'
        ? [name(items, l.itemId), num(l.amount), l.description]
        : [name(accounts, l.outAccId), name(accounts, l.inAccId), num(l.amount), name(ways, l.wayId), l.settlement, l.description],
    )
    total = add(...lines.map((l) => l.amount))
  } else {
    const checks = [...sentChecks(f.checks), ...sentChecks(f.toChecks)]
    head = [t('checks.billNo'), t('checks.transType'), t('checks.billDate'), t('checks.billPrice'), t('checks.nowCheck')]
    rows = checks.map((c) => [c.billNo, t(`transType.${c.transType}`), c.billDate, num(c.billPrice), num(c.nowCheck)])
    total = checkedOf(sentChecks(f.checks))
  }
  const money = kind.fund === 'settle' ? moneyOf(state) : ''
  return (
    <>
      <table data-testid="fund-print">
        <thead>
          <tr>
            <th>#</th>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td className="num">{i + 1}</td>
              {r.map((v, j) => (
                <td key={j}>{v}</td>
              ))}
            </tr>
          ))}
          <tr>
            <td colSpan={head.length}>{t('field.total')}</td>
            <td className="num">{num(total)}</td>
          </tr>
        </tbody>
      </table>
      {kind.fund === 'settle' && (
        <div style={{ margin: '8px 0', fontSize: 12, display: 'flex', gap: 24, flexWrap: 'wrap' }}>
          {usedAccounts(state.accounts).map((a) => (
            <span key={a.key}>
              {name(accounts, a.accId)}: {num(a.payment)}
            </span>
          ))}
          <span>
            {t('field.discount')}: {num(f.discount || '0')}
          </span>
          <span>
            {t('field.amount')}: {num(money)}
          </span>
          <span>
            {t(kind.name === 'receipt' ? 'field.advanceReceived' : 'field.advancePaid')}: {num(add(money, mul(total, -1)))}
          </span>
        </div>
      )}
    </>
  )
}
