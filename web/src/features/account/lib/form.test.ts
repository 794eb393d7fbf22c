import { describe, expect, it } from 'vitest'
import { decimalText, fromAccount, toAccountInput } from './form'

const day = (s: string) => ({ format: () => s, isValid: () => true })

describe('settlement account form', () => {
  it('maps a bank account with an exact opening balance', () => {
    expect(
      toAccountInput({
        number: ' 1002 ',
        name: ' 工行 ',
        type: 2,
        bankAccount: ' 6222 0000 ',
        amount: '1234567890.12',
        date: day('2026-01-01'),
        remark: 'x',
      }),
    ).toEqual({ number: '1002', name: '工行', type: 2, bankAccount: '6222 0000', amount: '1234567890.12', date: '2026-01-01', remark: 'x' })
  })

  it('drops the bank account number of a cash account and defaults the amount to 0', () => {
    expect(toAccountInput({ name: '现金', type: 1, bankAccount: '123', amount: null, date: null })).toEqual({
      number: undefined,
      name: '现金',
      type: 1,
      bankAccount: '',
      amount: '0',
      date: undefined,
      remark: '',
    })
  })

  it('keeps decimals as text', () => {
    expect(decimalText(0.1)).toBe('0.1')
    expect(decimalText(' 12.50 ')).toBe('12.50')
    expect(decimalText('')).toBe('0')
  })

  it('reads an account into the form', () => {
    expect(
      fromAccount({
        id: 1,
        number: '1001',
        name: '现金',
        type: 1,
        bankAccount: '',
        amount: 100.5,
        date: '2026-01-01',
        balance: 100.5,
        disable: 0,
        remark: '',
      }),
    ).toMatchObject({ amount: '100.5', date: '2026-01-01', type: 1 })
  })
})
