import type { UserInfo } from '@/stores/session'

export type { UserInfo }

export interface Captcha {
  captchaKey: string
  captchaBase64: string
  captchaEnabled?: boolean
}

export interface LoginInput {
  username: string
  password: string
  captchaKey?: string
  captchaCode?: string
}

export interface ShopItem {
  shopId: number
  shopName: string
}

/** GET /home: system parameters, the caller and the active shop. */
export interface SystemInfo {
  companyName: string
  startDate: string
  currency: string
  qtyPlaces: number
  pricePlaces: number
  amountPlaces: number
  valMethods: string
  /** the books are closed through this date ("" none): openings are locked */
  closeDate?: string
  version: string
  language: string
  serverTime: string
  name: string
  username: string
  roles: string[]
  shopId: number
  shopName: string
  shops: ShopItem[]
  allowRegister?: number
  showAgreement?: number
  [key: string]: unknown
}

// The route tree's shapes live with the other shared wire shapes (the shell
// and the routing helpers read them too).
export type { RouteMeta, RouteNode } from '@/api/types'
