// Advanced settings (issue 17): coding rules, period close, backups, reset.

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
  cleared: { name: string; rows: number }[]
}
