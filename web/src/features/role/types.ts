export interface Role {
  id: number
  name: string
  code: string
  status: number
  sort: number
  /** 0 all, 1 own department and below, 2 own department, 3 own records */
  dataScope: number
  builtin: boolean
  remark: string
  createTime: string
  updateTime: string
}

export interface RoleForm {
  id?: number
  name: string
  code: string
  sort: number
  status: number
  dataScope: number
  remark?: string
}

export interface RoleFilters extends Record<string, unknown> {
  keywords?: string
}

export const DATA_SCOPES = [0, 1, 2, 3] as const

/** The data rights of a role or a user (GET/POST /api/dataRights, docs/rights.md). */
export interface DataRights {
  roleId?: number
  userId?: number
  /** a user without rights of its own follows its roles */
  inherit: boolean
  allWarehouses: boolean
  warehouseIds: number[]
  allCustomers: boolean
  customerIds: number[]
  allSuppliers: boolean
  supplierIds: number[]
  /** only the documents the user made */
  ownDocuments: boolean
}

/** Whose data rights: a role or a user. */
export type DataRightsSubject = { roleId: number; name: string } | { userId: number; name: string }
