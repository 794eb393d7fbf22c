// Dictionaries and their items (GET/POST /api/v1/dicts/*).

/** Tag colours an item may carry ("" = plain text). */
export const TAG_TYPES = ['', 'success', 'warning', 'info', 'primary', 'danger'] as const
export type TagType = (typeof TAG_TYPES)[number]

export interface Dict {
  id: number
  name: string
  dictCode: string
  status: number
  builtin: number
  remark: string
  createTime: string
}

export interface DictInput {
  name: string
  dictCode: string
  status: number
  remark?: string
}

export interface DictFilters extends Record<string, unknown> {
  keywords?: string
  status?: number
}

export interface DictItem {
  id: number
  dictCode: string
  value: string
  label: string
  labelEn: string
  tagType: TagType
  status: number
  sort: number
  remark: string
}

export interface DictItemInput {
  value: string
  label: string
  labelEn?: string
  tagType: TagType
  status: number
  sort: number
  remark?: string
}

/** An enabled item as selects and tags use it: label in the caller's language. */
export interface DictOption {
  value: string
  label: string
  tagType: TagType
}
