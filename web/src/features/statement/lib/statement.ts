// The statement page's logic: which language's sheet to show, what the
// answer form refuses before asking the server (the same rules), the link
// to give the customer, how a share's status is drawn.
import { format } from '@/utils/decimal'
import type { Answer, ShareStatus, StatementSheet, StatementView } from '../types'

/** The longest comment (characters), as the server counts them. */
export const MAX_COMMENT = 500

export const LANGS = ['zh-CN', 'en'] as const
export type Lang = (typeof LANGS)[number]

/** The language shown first: the creator's (a known one), else Chinese. */
export function firstLang(view: Pick<StatementView, 'lang'>): Lang {
  return (LANGS as readonly string[]).includes(view.lang) ? (view.lang as Lang) : 'zh-CN'
}

/** The sheet of a language (another one when that one is missing). */
export function sheetFor(view: Pick<StatementView, 'sheets' | 'lang'>, lang: string): StatementSheet | undefined {
  return view.sheets[lang] ?? view.sheets[view.lang] ?? Object.values(view.sheets)[0]
}

/** The characters of a text as the server counts them (code points). */
export const charCount = (s: string) => [...s].length

/**
 * What is wrong with an answer before it is sent: the i18n key (under
 * statement.err) or null. A dispute says why; a comment is at most
 * MAX_COMMENT characters.
 */
export function answerError(answer: Answer, comment: string): 'pick' | 'reason' | 'tooLong' | null {
  if (answer !== 'agree' && answer !== 'dispute') return 'pick'
  if (charCount(comment.trim()) > MAX_COMMENT) return 'tooLong'
  if (answer === 'dispute' && comment.trim() === '') return 'reason'
  return null
}

/** The link the customer opens: this app's address with the statement's hash route. */
export function shareUrl(path: string, where: { origin: string; pathname: string }): string {
  return `${where.origin}${where.pathname}#${path}`
}

/** The colour of a share's status tag (antd preset colours). */
export function statusColor(s: ShareStatus): string {
  return { pending: 'processing', agreed: 'success', disputed: 'error', expired: 'default', revoked: 'default' }[s]
}

/** The style class of a statement row: opening and closing rows stand out, goods lines are indented. */
export function rowKind(row: { rowType?: string }): 'opening' | 'subtotal' | 'line' | 'doc' {
  return row.rowType === 'opening' || row.rowType === 'subtotal' || row.rowType === 'line' ? row.rowType : 'doc'
}

const PLACES: Record<string, keyof StatementView['places']> = { qty: 'qtyPlaces', price: 'pricePlaces', amount: 'amountPlaces' }

/** Whether a column holds figures (right-aligned). */
export const isFigure = (c: { type: string }) => c.type in PLACES

/**
 * A statement cell as shown: figures with the places the snapshot carries
 * (the decimal helper, exact), '' for an absent value, text as it is (React
 * shows it as text, never markup). The page's own small formatter: the
 * report screen's pulls the document registry into the public page.
 */
export function cellOf(c: { type: string }, v: unknown, places: StatementView['places']): string {
  if (v === undefined || v === null) return ''
  const p = PLACES[c.type]
  return p ? format(v as string | number, places[p]) : String(v)
}
