// Advanced settings (高级设置): coding rules, period close, backups, reset.

export type DatePart = 'none' | 'yyyy' | 'yyyyMM' | 'yyyyMMdd'
export type Reset = 'never' | 'yearly' | 'monthly' | 'daily'

export const datePartOptions: DatePart[] = ['none', 'yyyy', 'yyyyMM', 'yyyyMMdd']
export const resetOptions: Reset[] = ['never', 'yearly', 'monthly', 'daily']

/** A row of GET /coding/list. */
export interface CodingRule {
  kind: string
  name: string
  group: 'bill' | 'basic'
  prefix: string
  datePart: DatePart
  digits: number
  reset: Reset
  manual: boolean
  preview: string
}

export type CodingInput = Omit<CodingRule, 'name' | 'group' | 'preview'>

/** GET /period/list */
export interface PeriodState {
  closeDate: string
  closes: { closeDate: string; userName: string; createTime: string }[]
}

/** A row of GET /backup/list. */
export interface BackupFile {
  name: string
  size: number
  createTime: string
}

export interface BackupSettings {
  daily: boolean
  hour: number
  keep: number
}

export interface RestoreResult {
  restored: string
  before: string
}

export interface ResetResult {
  backup: string
  /** each step's count and, for what a user counts, its words ("单据 3 张"; "" for detail rows) */
  cleared: { name: string; rows: number; text: string }[]
}

/** GET /opening/summary: the opening position. */
export interface OpeningSummary {
  startDate: string
  closeDate: string
  locked: boolean
  stockLines: number
  stockQty: number | string
  stockAmount: number | string
  receivable: number | string
  advanceReceived: number | string
  payable: number | string
  advancePaid: number | string
  accounts: number | string
  net: number | string
}

export type OpeningKind = 'stock' | 'customer' | 'supplier' | 'account'

/** A row of GET /opening/stock. */
export interface OpeningStockRow {
  id: number
  invId: number
  invNumber: string
  invName: string
  invSpec: string
  skuId: number
  skuName: string
  locationId: number
  locationName: string
  unitName: string
  /** '' none; goods managed by batch name one (with its dates) */
  batch: string
  prodDate: string
  validDate: string
  qty: number | string
  unitCost: number | string
  amount: number | string
  /** goods managed by serial number: one a unit */
  serNumList: { serNum: string }[]
}

export interface OpeningStockInput {
  invId?: number
  locationId?: number
  skuId?: number
  batch?: string
  prodDate?: string
  validDate?: string
  qty?: number | string
  unitCost?: number | string
  serNumList?: { serNum: string }[]
}

/** A row of GET /opening/contact (amount: receivable or payable; periodMoney: advance). */
export interface OpeningContactRow {
  id: number
  type: number
  number: string
  name: string
  amount: number | string
  periodMoney: number | string
}

/** A row of GET /opening/account. */
export interface OpeningAccountRow {
  id: number
  number: string
  name: string
  amount: number | string
}

/** GET /recost/status: a cost recalculation job (id 0: none yet). */
export interface RecostJob {
  id: number
  status: 'running' | 'done' | 'failed' | ''
  fromDate: string
  total: number
  done: number
  percent: number
  changed: number
  error: string
  userName: string
  startTime: string
  finishTime: string | null
}

/** A row of GET /recost/changes. */
export interface RecostChange {
  invId: number
  invNumber: string
  invName: string
  skuName: string
  locationId: number
  locationName: string
  batch: string
  qty: number | string
  oldAmount: number | string
  newAmount: number | string
  oldUnitCost: number | string
  newUnitCost: number | string
  oldOutCost: number | string
  newOutCost: number | string
}
