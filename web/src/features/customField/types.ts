// Custom fields (自定义字段, /api/customField): fields an administrator
// defines on goods, customers, suppliers and document headers.

export type CustomTarget = 'goods' | 'customer' | 'supplier' | 'bill'
export type CustomType = 'text' | 'number' | 'date' | 'choice' | 'bool'

export const customTargets: CustomTarget[] = ['goods', 'customer', 'supplier', 'bill']
export const customTypes: CustomType[] = ['text', 'number', 'date', 'choice', 'bool']

/** A definition as the server answers it; code is the key of its value in a record's custom object. */
export interface CustomField {
  id: number
  code: string
  target: CustomTarget
  /** in the caller's language (the other one when empty) */
  label: string
  labelZh: string
  labelEn: string
  type: CustomType
  options: string[]
  required: 0 | 1
  inList: 0 | 1
  searchable: 0 | 1
  sort: number
  disable: 0 | 1
}

/** The add/update body: a definition without what the server derives (code, label). */
export type CustomFieldBody = Omit<CustomField, 'id' | 'code' | 'label'> & { id?: number }

/** A record's values as answered: text, choice and date strings, exact numbers, yes/no 0/1. */
export type CustomValues = Record<string, string | number | null | undefined>

/** The limits the server checks (internal/custom). */
export const LIMITS = { perTarget: 20, label: 30, text: 200, options: 50, option: 50, numberPlaces: 6 }

/** The custom object of an add/update body: typed values, null clears. */
export type CustomBody = Record<string, string | boolean | null>
