export interface User {
  id: number
  username: string
  nickname: string
  mobile: string
  gender: number
  avatar: string
  email: string
  status: number
  deptName: string
  /** comma-separated */
  roleNames: string
  /** comma-separated */
  shopNames: string
  createTime: string
}

/** The add/edit form, as GET /users/{id}/form answers and POST /users/ takes. */
export interface UserForm {
  id?: number
  username: string
  nickname: string
  mobile?: string
  gender?: number
  avatar?: string
  email?: string
  status?: number
  deptId?: number | null
  roleIds?: number[]
  shopIds?: number[]
  /** create only; empty = the initial password */
  password?: string
}

export interface UserFilters extends Record<string, unknown> {
  keywords?: string
  status?: number
  deptId?: number
  /** 'YYYY-MM-DD,YYYY-MM-DD' */
  createTime?: string
}

export interface ImportError {
  /** spreadsheet row (the header is row 1) */
  row: number
  /** the column's header as in the file */
  column: string
  message: string
}

/** When invalidCount > 0 nothing was imported. */
export interface ImportResult {
  validCount: number
  invalidCount: number
  importedCount: number
  messageList: string[]
  errors: ImportError[]
}

export interface DictItem {
  value: string
  label: string
  tagType?: string
}
