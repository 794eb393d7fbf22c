// Customers and suppliers (basic-data.md "Customers and suppliers").
import type { CustomBody, CustomValues } from '@/features/customField/types'

/** −10 customer, 10 supplier */
export type ContactType = -10 | 10
export const CUSTOMER: ContactType = -10
export const SUPPLIER: ContactType = 10

/** Price levels of customers (cLevel). */
export const PRICE_LEVELS = [0, 1, 2, 3, 4] as const

export interface LinkMan {
  id?: number
  linkName: string
  linkMobile?: string
  linkPhone?: string
  linkIm?: string
  address?: string
  /** 0/1: the first contact */
  linkFirst: number
}

export type Decimal = number | string

export interface Contact {
  /** the custom fields' values by code (features/customField) */
  custom?: CustomValues
  id: number
  type: ContactType
  number: string
  name: string
  categoryId: number
  categoryName: string
  cLevel: number
  taxRate: Decimal
  amount: Decimal
  periodMoney: Decimal
  beginDate: string
  balance: Decimal
  remark: string
  disable: number
  contacter: string
  mobile: string
  phone: string
  address: string
  linkMans?: LinkMan[]
}

/** The add/update body. */
export interface ContactBody {
  /** the custom fields' values by code; absent keeps them */
  custom?: CustomBody
  id?: number
  type: ContactType
  number: string
  name: string
  categoryId: number
  cLevel: number
  taxRate: string
  amount: string
  periodMoney: string
  beginDate: string
  remark: string
  linkMans: LinkMan[]
}

export interface ContactFilters extends Record<string, unknown> {
  matchCon?: string
  categoryId?: number
  /** 0 hides disabled records; absent shows all */
  disable?: number
  sidx?: string
  sord?: 'asc' | 'desc'
}
