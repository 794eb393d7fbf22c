// The dashboard's figures: what the server offers today (visits, notices,
// users) and the business figures of the shop (internal/report).
import type { ComponentType } from 'react'
import { AccountBookOutlined, DatabaseOutlined, RiseOutlined, ShoppingCartOutlined, ShoppingOutlined } from '@ant-design/icons'
import type { Dashboard } from '@/features/report/types'

/**
 * A business figure card: its value is read from the dashboard answer
 * (GET /api/report/dashboard, the report package's figures); a figure the
 * caller has no money right for is absent there and the card shows "—"
 * with the hint dashboard:figures.<key>.hint.
 */
export interface BusinessFigure {
  key: string
  icon: ComponentType
  /** the value in the dashboard answer; undefined = not visible to the caller */
  pick: (d: Dashboard) => number | string | undefined
}

/** The business figures, in display order. Titles: dashboard:figures.<key>.title. */
export const businessFigures: BusinessFigure[] = [
  { key: 'salesToday', icon: ShoppingOutlined, pick: (d) => d.today.sales },
  { key: 'purchasesToday', icon: ShoppingCartOutlined, pick: (d) => d.today.purchases },
  { key: 'profitToday', icon: RiseOutlined, pick: (d) => d.today.profit },
  { key: 'stockValue', icon: DatabaseOutlined, pick: (d) => d.stockValue },
  { key: 'salesMonth', icon: ShoppingOutlined, pick: (d) => d.month.sales },
  { key: 'purchasesMonth', icon: ShoppingCartOutlined, pick: (d) => d.month.purchases },
  { key: 'profitMonth', icon: RiseOutlined, pick: (d) => d.month.profit },
  { key: 'receivables', icon: AccountBookOutlined, pick: (d) => d.receivable },
  { key: 'payables', icon: AccountBookOutlined, pick: (d) => d.payable },
]

/** Shown for a figure that is not available. */
export const NO_VALUE = '—'

const pad = (n: number) => String(n).padStart(2, '0')
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** The last `days` days up to today (local dates, inclusive). */
export function trendRange(days: number, today = new Date()): { startDate: string; endDate: string } {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1))
  return { startDate: ymd(start), endDate: ymd(today) }
}

/**
 * A growth rate as the server sends it ("0.25") → a signed percentage
 * ("+25%", "-12.5%", "0%") and its direction; null for no value.
 */
export function growth(rate: string | undefined | null): { text: string; trend: 'up' | 'down' | 'flat' } | null {
  if (rate === undefined || rate === null || rate.trim() === '') return null
  const n = Number(rate)
  if (!Number.isFinite(n)) return null
  // The rate has two decimals: percent with up to zero decimals, exactly.
  const pct = Math.round(n * 10000) / 100
  const text = `${pct > 0 ? '+' : ''}${pct}%`
  return { text, trend: pct > 0 ? 'up' : pct < 0 ? 'down' : 'flat' }
}
