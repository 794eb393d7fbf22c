// Money rights (docs/rights.md, "Money rights"): without one the server
// leaves the figures of its kind out of every answer. Screens do not show
// a blank column or an empty field for them: a list keeps only the columns
// whose right the user holds, a form only the fields. Hiding is
// convenience; the server enforces every right.
import { can } from './permission'
import { useSession, type UserInfo } from './session'

/** costs: unit cost, cost of goods, stock values */
export const COST_RIGHT = 'money:cost:view'
/** purchase prices and amounts, what is owed to suppliers */
export const PURCHASE_RIGHT = 'money:purchaseAmount:view'
/** sale prices and amounts, what customers owe */
export const SALES_RIGHT = 'money:salesAmount:view'

/** The money fields of an answer and the right each needs (as the server's server.Money). */
export type MoneyFields = Record<string, string>

type Who = Pick<UserInfo, 'roles' | 'perms'> | null | undefined

/** The goods' prices and their opening stock's cost (the goods list, form and price list). */
export const GOODS_MONEY: MoneyFields = {
  purPrice: PURCHASE_RIGHT,
  salePrice: SALES_RIGHT,
  wholesalePrice: SALES_RIGHT,
  vipPrice: SALES_RIGHT,
  unitCost: COST_RIGHT,
  amount: COST_RIGHT,
}

/** A customer's (type -10) or supplier's figures: what it owes or is owed, its opening and advance. */
export function contactMoney(type: number): MoneyFields {
  const right = type === -10 ? SALES_RIGHT : PURCHASE_RIGHT
  return { balance: right, amount: right, periodMoney: right }
}

/** Whether the user may see field key (a field fields does not name is not money). */
export function seesMoney(fields: MoneyFields, key: string, who: Who = useSession.getState().user): boolean {
  const right = fields[key]
  return right === undefined || can(right, who)
}

/** The columns the user may see: those of a money field it lacks the right of are left out (by key, else dataIndex). */
export function moneyColumns<C extends { key?: unknown; dataIndex?: unknown }>(
  columns: C[],
  fields: MoneyFields,
  who: Who = useSession.getState().user,
): C[] {
  return columns.filter((c) => {
    const key = typeof c.key === 'string' ? c.key : typeof c.dataIndex === 'string' ? c.dataIndex : undefined
    return key === undefined || seesMoney(fields, key, who)
  })
}
