// The settlement account form ↔ the request body. The opening balance stays
// a decimal string (never a float); the date picker's value becomes
// YYYY-MM-DD; a cash account has no bank account number.
import type { Account, AccountInput } from '../types'
import { BANK, CASH } from '../types'

/** A date picker value (dayjs) or a string. */
export interface DayLike {
  format: (f: string) => string
  isValid?: () => boolean
}

export interface AccountValues {
  number?: string
  name: string
  type: number
  bankAccount?: string
  amount?: string | number | null
  date?: DayLike | string | null
  remark?: string
}

const day = (d: AccountValues['date']): string | undefined => {
  if (!d) return undefined
  if (typeof d === 'string') return d || undefined
  return d.isValid && !d.isValid() ? undefined : d.format('YYYY-MM-DD')
}

/** A decimal as text, exactly as typed or sent ('' and null → '0'). */
export function decimalText(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '0'
  const s = String(v).trim()
  return s === '' ? '0' : s
}

export function toAccountInput(v: AccountValues): AccountInput {
  const type = v.type === BANK ? BANK : CASH
  return {
    number: v.number?.trim() || undefined,
    name: v.name.trim(),
    type,
    bankAccount: type === BANK ? (v.bankAccount?.trim() ?? '') : '',
    amount: decimalText(v.amount),
    date: day(v.date),
    remark: v.remark ?? '',
  }
}

/** The form's first values of an existing account (the date still a string: the dialog turns it into a day). */
export function fromAccount(a: Account): AccountValues {
  return {
    number: a.number,
    name: a.name,
    type: a.type,
    bankAccount: a.bankAccount,
    amount: a.amount === null || a.amount === undefined ? undefined : String(a.amount),
    date: a.date || undefined,
    remark: a.remark,
  }
}
