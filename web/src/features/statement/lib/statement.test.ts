import { describe, expect, it } from 'vitest'
import { answerError, cellOf, charCount, firstLang, isFigure, MAX_COMMENT, rowKind, shareUrl, sheetFor, statusColor } from './statement'
import type { StatementSheet } from '../types'

const sheet = (title: string): StatementSheet => ({ title, columns: [], rows: [], totals: {} })

describe('statement page logic', () => {
  it('shows the creator’s language first, Chinese for an unknown one', () => {
    expect(firstLang({ lang: 'en' })).toBe('en')
    expect(firstLang({ lang: 'zh-CN' })).toBe('zh-CN')
    expect(firstLang({ lang: 'fr' })).toBe('zh-CN')
  })

  it('picks the sheet of the language, else the creator’s, else any', () => {
    const sheets = { 'zh-CN': sheet('客户对账单'), en: sheet('Customer statement') }
    expect(sheetFor({ sheets, lang: 'zh-CN' }, 'en')?.title).toBe('Customer statement')
    expect(sheetFor({ sheets: { 'zh-CN': sheets['zh-CN'] }, lang: 'zh-CN' }, 'en')?.title).toBe('客户对账单')
    expect(sheetFor({ sheets: { en: sheets.en }, lang: 'zh-CN' }, 'zh-CN')?.title).toBe('Customer statement')
    expect(sheetFor({ sheets: {}, lang: 'en' }, 'en')).toBeUndefined()
  })

  it('refuses what the server refuses: no answer, a dispute without a reason, a long comment', () => {
    expect(answerError('', '')).toBe('pick')
    expect(answerError('agree', '')).toBeNull()
    expect(answerError('dispute', '   ')).toBe('reason')
    expect(answerError('dispute', '<b>数量不对</b>')).toBeNull()
    expect(answerError('dispute', '字'.repeat(MAX_COMMENT))).toBeNull()
    expect(answerError('dispute', '字'.repeat(MAX_COMMENT + 1))).toBe('tooLong')
    expect(answerError('agree', 'x'.repeat(MAX_COMMENT + 1))).toBe('tooLong')
  })

  it('counts characters as the server does (an emoji is one)', () => {
    expect(charCount('😀😀')).toBe(2)
    expect(answerError('dispute', '😀'.repeat(MAX_COMMENT))).toBeNull()
  })

  it('builds the link from the app’s own address', () => {
    expect(shareUrl('/statement/abc_-1', { origin: 'https://erp.example.com', pathname: '/' })).toBe(
      'https://erp.example.com/#/statement/abc_-1',
    )
    expect(shareUrl('/statement/t', { origin: 'http://127.0.0.1:8080', pathname: '/app/' })).toBe('http://127.0.0.1:8080/app/#/statement/t')
  })

  it('draws statuses and rows', () => {
    expect(statusColor('disputed')).toBe('error')
    expect(statusColor('agreed')).toBe('success')
    expect(rowKind({ rowType: 'opening' })).toBe('opening')
    expect(rowKind({ rowType: 'line' })).toBe('line')
    expect(rowKind({})).toBe('doc')
    expect(rowKind({ rowType: '<script>' })).toBe('doc')
  })

  it('formats figures with the snapshot’s places, exactly; text as it is', () => {
    const places = { qtyPlaces: 0, pricePlaces: 4, amountPlaces: 2 }
    expect(cellOf({ type: 'amount' }, '12345678901234.5', places)).toBe('12345678901234.50')
    expect(cellOf({ type: 'amount' }, -10, places)).toBe('-10.00')
    expect(cellOf({ type: 'price' }, '0.12345', places)).toBe('0.1235')
    expect(cellOf({ type: 'qty' }, 3, places)).toBe('3')
    expect(cellOf({ type: 'text' }, '<b>x</b>', places)).toBe('<b>x</b>')
    expect(cellOf({ type: 'amount' }, undefined, places)).toBe('')
    expect(isFigure({ type: 'amount' }) && !isFigure({ type: 'date' })).toBe(true)
  })
})
