import type { Option } from '@/api/types'

export interface Dept {
  id: number
  parentId: number
  name: string
  code: string
  sort: number
  status: number
  createTime: string
  updateTime: string
  children?: Dept[]
}

export interface DeptForm {
  id?: number
  parentId: number
  name: string
  code: string
  sort: number
  status: number
}

export interface DeptFilters extends Record<string, unknown> {
  keywords?: string
  status?: number
}

export type DeptOption = Option<number>
