// The dashboard's figures: what the server offers today (visits, notices,
// users) and the business figures that later issues fill in.
import type { ComponentType } from 'react'
import { AccountBookOutlined, DatabaseOutlined, ShoppingCartOutlined, ShoppingOutlined } from '@ant-design/icons'

/**
 * A business figure card. Until its API exists a figure has no `load`: the
 * card shows "—" and the hint `dashboard:figures.<key>.hint`. To plug data
 * in, give it `load` (and `perm` when the figure needs a permission); the
 * card then shows what load answers (already formatted).
 */
export interface BusinessFigure {
  key: string
  icon: ComponentType
  /** a permission the figure needs (checked with can()) */
  perm?: string
  /** loads the figure's display value */
  load?: () => Promise<string>
}

/** The business figures, in display order. Titles: dashboard:figures.<key>.title. */
export const businessFigures: BusinessFigure[] = [
  { key: 'salesToday', icon: ShoppingOutlined },
  { key: 'purchasesToday', icon: ShoppingCartOutlined },
  { key: 'stockValue', icon: DatabaseOutlined },
  { key: 'receivables', icon: AccountBookOutlined },
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
