// Custom values between the server, the forms and the lists: the form
// keeps every enabled field under custom.<code> (strings, yes/no as 0/1),
// the body sends each one typed (null clears), the lists show them as text.
import { checkDecimal, wire } from '@/utils/decimal'
import { LIMITS, type CustomField, type CustomFieldBody, type CustomValues } from '../types'

/** The form values of a record's custom object: every field present ('' or 0 when empty). */
export function customFormValues(fields: CustomField[], values: CustomValues | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  for (const f of fields) {
    const v = values?.[f.code]
    if (f.type === 'bool') out[f.code] = v === 1 || v === '1' ? 1 : 0
    else out[f.code] = v === null || v === undefined ? '' : String(v)
  }
  return out
}

/** The custom object of an add/update body: each enabled field typed, null when empty. */
export function customBody(fields: CustomField[], values: Record<string, unknown> | undefined): Record<string, string | boolean | null> {
  const out: Record<string, string | boolean | null> = {}
  for (const f of fields) {
    const v = values?.[f.code]
    if (f.type === 'bool') {
      out[f.code] = v === 1 || v === true || v === '1'
      continue
    }
    const s = v === null || v === undefined ? '' : String(v).trim()
    if (s === '') out[f.code] = null
    else out[f.code] = f.type === 'number' ? wire(s) : s
  }
  return out
}

/** A value as a list cell or print shows it ('' when empty). */
export function customText(f: CustomField, v: unknown, yesNo: [string, string]): string {
  if (f.type === 'bool') return v === 1 || v === '1' || v === true ? yesNo[0] : yesNo[1]
  return v === null || v === undefined ? '' : String(v)
}

/** What is wrong with an entered value, like the server checks it: '' when fine, else a message key. */
export function customProblem(f: CustomField, v: unknown): '' | 'required' | 'number' | 'tooLong' | 'choice' | 'plain' {
  const s = v === null || v === undefined ? '' : String(v).trim()
  if (f.type === 'bool') return ''
  if (s === '') return f.required ? 'required' : ''
  switch (f.type) {
    case 'number':
      return checkDecimal(s, { places: LIMITS.numberPlaces, min: '-1000000000000' }) ? 'number' : ''
    case 'choice':
      return f.options.includes(s) ? '' : 'choice'
    case 'text':
      if ([...s].length > LIMITS.text) return 'tooLong'
      return plain(s) ? '' : 'plain'
  }
  return ''
}

/** Printable text without markup (no control characters, no angle brackets). */
// eslint-disable-next-line no-control-regex
export const plain = (s: string) => !/[\u0000-\u001f\u007f-\u009f<>]/.test(s)

/** The fields shown as list columns, in order. */
export const listed = (fields: CustomField[]) => fields.filter((f) => f.inList === 1)

/** The form values of a definition (a new one: text, enabled, after the last). */
export function definitionValues(f: CustomField | undefined, target: CustomFieldBody['target'], nextSort: number) {
  if (!f)
    return {
      target,
      labelZh: '',
      labelEn: '',
      type: 'text' as const,
      options: '',
      required: false,
      inList: true,
      searchable: false,
      sort: nextSort,
      enabled: true,
    }
  return {
    target: f.target,
    labelZh: f.labelZh,
    labelEn: f.labelEn,
    type: f.type,
    options: f.options.join('\n'),
    required: f.required === 1,
    inList: f.inList === 1,
    searchable: f.searchable === 1,
    sort: f.sort,
    enabled: f.disable === 0,
  }
}

export type DefinitionValues = ReturnType<typeof definitionValues>

/** The add/update body of the definition dialog's values. */
export function definitionBody(v: DefinitionValues, id?: number): CustomFieldBody {
  const flag = (b: boolean | undefined) => (b ? 1 : 0) as 0 | 1
  return {
    ...(id ? { id } : {}),
    target: v.target,
    labelZh: (v.labelZh ?? '').trim(),
    labelEn: (v.labelEn ?? '').trim(),
    type: v.type,
    options:
      v.type === 'choice'
        ? (v.options ?? '')
            .split('\n')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    required: flag(v.required),
    inList: flag(v.inList),
    searchable: flag(v.searchable),
    sort: Number(v.sort) || 0,
    disable: flag(!v.enabled),
  }
}
