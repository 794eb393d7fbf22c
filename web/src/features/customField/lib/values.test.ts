import { describe, expect, it } from 'vitest'
import type { CustomField } from '../types'
import { customBody, customFormValues, customProblem, customText, definitionBody, definitionValues, listed } from './values'

const field = (code: string, type: CustomField['type'], extra: Partial<CustomField> = {}): CustomField => ({
  id: Number(code.slice(1)),
  code,
  target: 'goods',
  label: code,
  labelZh: code,
  labelEn: '',
  type,
  options: [],
  required: 0,
  inList: 0,
  searchable: 0,
  sort: 0,
  disable: 0,
  ...extra,
})

const text = field('f1', 'text', { required: 1, inList: 1 })
const num = field('f2', 'number')
const date = field('f3', 'date')
const choice = field('f4', 'choice', { options: ['一级', '二级'], inList: 1 })
const yes = field('f5', 'bool')
const all = [text, num, date, choice, yes]

describe('custom values', () => {
  it('gives the form every field, empty ones as "" and yes/no as 0/1', () => {
    expect(customFormValues(all, { f1: '云南', f2: 12.5, f5: 1 })).toEqual({ f1: '云南', f2: '12.5', f3: '', f4: '', f5: 1 })
    expect(customFormValues(all, undefined)).toEqual({ f1: '', f2: '', f3: '', f4: '', f5: 0 })
  })

  it('sends each field typed, null for empty, exact numbers', () => {
    expect(customBody(all, { f1: ' 云南 ', f2: '0.1', f3: '', f4: '一级', f5: 1 })).toEqual({
      f1: '云南',
      f2: '0.1',
      f3: null,
      f4: '一级',
      f5: true,
    })
    expect(customBody([num], { f2: '12345678901.123456' })).toEqual({ f2: '12345678901.123456' })
    expect(customBody([yes], {})).toEqual({ f5: false })
  })

  it('checks like the server', () => {
    expect(customProblem(text, '  ')).toBe('required')
    expect(customProblem(text, '<b>')).toBe('plain')
    expect(customProblem(text, 'a\u0000b')).toBe('plain')
    expect(customProblem(text, '长'.repeat(201))).toBe('tooLong')
    expect(customProblem(text, '长'.repeat(200))).toBe('')
    expect(customProblem(num, 'abc')).toBe('number')
    expect(customProblem(num, '0.1234567')).toBe('number')
    expect(customProblem(num, '-1.5')).toBe('')
    expect(customProblem(num, '1000000000001')).toBe('number')
    expect(customProblem(choice, '三级')).toBe('choice')
    expect(customProblem(choice, '二级')).toBe('')
    expect(customProblem(yes, undefined)).toBe('')
    expect(customProblem(date, '')).toBe('')
  })

  it('shows values as text and lists the listed fields', () => {
    expect(customText(yes, 1, ['是', '否'])).toBe('是')
    expect(customText(yes, undefined, ['是', '否'])).toBe('否')
    expect(customText(num, 12.5, ['是', '否'])).toBe('12.5')
    expect(customText(text, null, ['是', '否'])).toBe('')
    expect(listed(all).map((f) => f.code)).toEqual(['f1', 'f4'])
  })
})

describe('definitions', () => {
  it('round-trips a definition through the dialog', () => {
    const v = definitionValues(choice, 'goods', 1)
    expect(v.options).toBe('一级\n二级')
    expect(definitionBody({ ...v, options: ' 一级 \n\n二级\n' }, 4)).toEqual({
      id: 4,
      target: 'goods',
      labelZh: 'f4',
      labelEn: '',
      type: 'choice',
      options: ['一级', '二级'],
      required: 0,
      inList: 1,
      searchable: 0,
      sort: 0,
      disable: 0,
    })
  })
  it('starts a new one enabled, shown in lists, after the last', () => {
    const v = definitionValues(undefined, 'bill', 7)
    expect(definitionBody(v)).toMatchObject({ target: 'bill', type: 'text', options: [], inList: 1, disable: 0, sort: 7 })
  })
  it('drops the choices of a field that is not single choice', () => {
    expect(definitionBody({ ...definitionValues(undefined, 'goods', 1), options: 'a\nb' }).options).toEqual([])
  })
})
