// Staff (/api/employee, docs/basic-data.md).
export interface Employee {
  id: number
  number: string
  name: string
  mobile: string
  disable: number
  remark: string
}

export interface EmployeeInput {
  number?: string
  name: string
  mobile?: string
  remark?: string
}
