// Income/expense items (/api/item, docs/basic-data.md).
export const INCOME = 1
export const EXPENSE = 2

export interface Item {
  id: number
  /** 1 income, 2 expense */
  type: number
  number: string
  name: string
  categoryId: number
  categoryName: string
  disable: number
  remark: string
}

export interface ItemInput {
  type: number
  number?: string
  name: string
  categoryId?: number
  remark?: string
}
