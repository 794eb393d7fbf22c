// Shops (GET/POST /api/shops/*).

export interface Shop {
  id: number
  code: string
  name: string
  address: string
  phone: string
  status: number
  sort: number
  remark: string
  userCount: number
  createTime: string
}

export interface ShopForm {
  id?: number
  code: string
  name: string
  address: string
  phone: string
  status: number
  sort: number
  remark: string
}

export type ShopInput = Omit<ShopForm, 'id'>

export interface ShopFilters extends Record<string, unknown> {
  keywords?: string
  status?: number
}

export interface ShopMember {
  id: number
  username: string
  nickname: string
}
