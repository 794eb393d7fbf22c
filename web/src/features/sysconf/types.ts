// Config keys (GET/POST /api/config/*) and the typed system parameters
// (GET/POST /api/config/system).

export interface ConfigKey {
  id: number
  configName: string
  configKey: string
  configValue: string
  remark: string
  /** 1 = a system parameter: cannot be deleted or renamed */
  builtin: number
  createTime: string
}

export interface ConfigForm {
  id?: number
  configName: string
  configKey: string
  configValue: string
  remark: string
  builtin?: number
}

export type ConfigInput = Omit<ConfigForm, 'id' | 'builtin'>

export interface ConfigFilters extends Record<string, unknown> {
  keywords?: string
}

export type Flag = 0 | 1

export interface SystemParams {
  companyName: string
  companyAddress: string
  companyPhone: string
  companyFax: string
  companyPostcode: string
  companyTaxNo: string
  companyBank: string
  companyAccount: string
  startDate: string
  currency: string
  qtyPlaces: number
  pricePlaces: number
  amountPlaces: number
  valMethods: 'movingAverage' | 'fifo'
  priceSequence: string
  requiredCheckStore: Flag
  taxRequiredCheck: Flag
  taxRequiredInput: number | string
  invPriceIsTax: Flag
  multiUnit: Flag
  enableAssistingProp: Flag
  ISSERNUM: Flag
  ISWARRANTY: Flag
  closeDate: string
  allowOverFulfil: Flag
  /** the warehouse a new document starts in (0: the shop's first) */
  defaultLocationId: number
  allowRegister: Flag
  showAgreement: Flag
}
