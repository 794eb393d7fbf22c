// Shapes shared by the master-data resources of docs/basic-data.md
// (warehouses, staff, settlement accounts, items, categories, units …).

/** One id's outcome of a batch delete or disable. */
export interface BatchResult {
  id: number
  ok: boolean
  msg?: string
}

/** The list filters every master-data list takes (besides its own). */
export interface MasterFilters extends Record<string, unknown> {
  matchCon?: string
  /** 0 = enabled records only; absent = all */
  disable?: number
  sidx?: string
  sord?: 'asc' | 'desc'
}

export interface ImportError {
  row: number
  column: string
  field?: string
  message: string
}

/** sheet.Result of POST /import (dryRun=1 checks only). */
export interface ImportResult {
  dryRun: boolean
  validCount: number
  invalidCount: number
  importedCount: number
  errors: ImportError[]
}
