// Goods (basic-data.md "Goods", /api/inventory) and the lists they use.
import type { CustomBody, CustomValues } from '@/features/customField/types'

export type Decimal = number | string

export interface GoodsUnit {
  unitId: number
  unitName: string
  rate: Decimal
  isBase: number
  barCode: string
  purPrice: Decimal
  salePrice: Decimal
  wholesalePrice: Decimal
  vipPrice: Decimal
}

export interface GoodsSku {
  id: number
  skuName: string
  /** the values' ids, "3,12" */
  skuAssistId: string
  barCode: string
  disable: number
}

export interface StockWarning {
  locationId: number
  lowQty: Decimal
  highQty: Decimal
}

export interface Opening {
  locationId: number
  /** 0 = none */
  skuId: number
  qty: Decimal
  unitCost: Decimal
  amount?: Decimal
}

export interface GoodsImage {
  id: number
  name: string
  size: number
  createTime?: string
}

export interface Goods {
  /** the custom fields' values by code (features/customField) */
  custom?: CustomValues
  id: number
  number: string
  name: string
  spec: string
  barCode: string
  categoryId: number
  categoryName: string
  /** 0 = one unit */
  unitTypeId: number
  /** the base unit */
  unitId: number
  unitName: string
  purPrice: Decimal
  salePrice: Decimal
  wholesalePrice: Decimal
  vipPrice: Decimal
  discountRate1: Decimal
  discountRate2: Decimal
  locationId: number
  locationName: string
  isSerNum: number
  isWarranty: number
  safeDays: number
  advanceDay: number
  skuTypeIds: number[]
  remark: string
  disable: number
  /** on hand in the active shop's warehouses, base unit (lists) */
  stockQty?: Decimal
  units: GoodsUnit[]
  skus: GoodsSku[]
  warnings?: StockWarning[]
  openings?: Opening[]
  images?: GoodsImage[]
}

/** One unit of /unit/list. */
export interface Unit {
  id: number
  name: string
  unitTypeId: number
  unitTypeName?: string
  rate: Decimal
  isBase: number
  disable?: number
  [key: string]: unknown
}

/** One group of /unitType/list: units base first, then by rate. */
export interface UnitGroup {
  id: number
  name: string
  units: Unit[]
  [key: string]: unknown
}

/** /assistType/list: kind 0 categories, kind 1 attribute groups. */
export interface AssistType {
  id: number
  number: string
  name: string
  kind: number
  [key: string]: unknown
}

/** A category or attribute value of /assist/list. */
export interface AssistValue {
  id: number
  typeId: number
  typeNumber?: string
  name: string
  disable?: number
  [key: string]: unknown
}

/** The add/update body. */
export interface GoodsBody {
  /** the custom fields' values by code; absent keeps them */
  custom?: CustomBody
  id?: number
  number: string
  name: string
  spec: string
  barCode: string
  categoryId: number
  unitTypeId: number
  unitId: number
  purPrice: string
  salePrice: string
  wholesalePrice: string
  vipPrice: string
  discountRate1: string
  discountRate2: string
  locationId: number
  isSerNum: number
  isWarranty: number
  safeDays: number
  advanceDay: number
  skuTypeIds: number[]
  remark: string
  units?: { unitId: number; barCode: string; purPrice: string; salePrice: string; wholesalePrice: string; vipPrice: string }[]
  skus: { id?: number; assistIds: number[]; barCode: string }[]
  /** null = no level */
  warnings: { locationId: number; lowQty: string | null; highQty: string | null }[]
  openings: { locationId: number; skuId: number; qty: string; unitCost: string }[]
}
