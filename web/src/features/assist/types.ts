// Categories, payment methods and assisting attributes (docs/basic-data.md
// "Categories and assisting attributes").

/** The built-in category types (kind 0). */
export const TYPE_GOODS = 'trade'
export const TYPE_CUSTOMER = 'customertype'
export const TYPE_SUPPLIER = 'supplytype'
export const TYPE_INCOME = 'raccttype'
export const TYPE_EXPENSE = 'paccttype'
export const TYPE_PAY_METHOD = 'PayMethod'

/** kind 0 = category types, kind 1 = assisting-attribute groups */
export interface AssistType {
  id: number
  number: string
  /** in the caller's language for built-in types */
  name: string
  kind: number
  builtin: number
}

export interface AssistTypeInput {
  number?: string
  name: string
}

/** A category or an assisting-attribute value. */
export interface Assist {
  id: number
  typeId: number
  typeNumber: string
  /** 0 = top */
  parentId: number
  name: string
  number: string
  sort: number
  disable: number
  remark: string
  /** 1 = top */
  level: number
  /** ids from the top, "1/5/9" */
  path: string
}

export interface AssistInput {
  typeNumber?: string
  typeId?: number
  /** 0 = top */
  parentId?: number
  name: string
  number?: string
  sort?: number
  remark?: string
}
