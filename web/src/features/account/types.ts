// Settlement accounts (/api/settAcct, docs/basic-data.md).
export const CASH = 1
export const BANK = 2

export interface Account {
  id: number
  number: string
  name: string
  /** 1 cash, 2 bank */
  type: number
  bankAccount: string
  /** opening balance, a decimal as the server writes it */
  amount: number | string
  /** opening date YYYY-MM-DD */
  date: string
  /** current balance */
  balance: number | string
  disable: number
  remark: string
}

export interface AccountInput {
  number?: string
  name: string
  type: number
  bankAccount?: string
  /** decimal string, exact */
  amount: string
  date?: string
  remark?: string
}
