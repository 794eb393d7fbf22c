// Warehouses (/api/invlocation, docs/basic-data.md).
export interface Location {
  id: number
  number: string
  name: string
  address: string
  keeper: string
  phone: string
  /** 0/1 */
  allowNegative: number
  disable: number
  remark: string
  shopIds: number[]
  shopNames: string
}

export interface LocationInput {
  number?: string
  name: string
  address?: string
  keeper?: string
  phone?: string
  allowNegative?: number
  remark?: string
  /** empty = the caller's active shop */
  shopIds?: number[]
}
