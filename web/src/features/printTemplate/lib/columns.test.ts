import { describe, expect, it } from 'vitest'
import { chosenInOrder, editorOrder, moveColumn, printOrder, totalCells } from './columns'

const all = ['no', 'goods', 'spec', 'unit', 'qty', 'price', 'amount', 'description']

describe('editorOrder', () => {
  it('puts the chosen columns first in their order, then the others in the default order', () => {
    expect(editorOrder(['qty', 'goods', 'no'], all)).toEqual(['qty', 'goods', 'no', 'spec', 'unit', 'price', 'amount', 'description'])
  })
  it('drops unknown and repeated columns', () => {
    expect(editorOrder(['goods', 'cost', 'goods'], all)).toEqual(['goods', 'no', 'spec', 'unit', 'qty', 'price', 'amount', 'description'])
  })
  it('is the default order when nothing is chosen', () => {
    expect(editorOrder([], all)).toEqual(all)
  })
})

describe('moveColumn', () => {
  const order = ['no', 'goods', 'qty', 'amount']
  it.each([
    ['up', 2, 1, ['no', 'qty', 'goods', 'amount']],
    ['down', 0, 1, ['goods', 'no', 'qty', 'amount']],
    ['dragged to the end', 0, 3, ['goods', 'qty', 'amount', 'no']],
    ['dragged to the start', 3, 0, ['amount', 'no', 'goods', 'qty']],
    ['past the end: clamped', 1, 9, ['no', 'qty', 'amount', 'goods']],
    ['before the start: clamped', 2, -1, ['qty', 'no', 'goods', 'amount']],
    ['not moved', 1, 1, order],
    ['from outside', 7, 0, order],
  ] as const)('%s', (_, from, to, want) => {
    expect(moveColumn(order, from, to)).toEqual(want)
  })
  it('leaves the list it was given unchanged', () => {
    const copy = [...order]
    moveColumn(copy, 0, 2)
    expect(copy).toEqual(order)
  })
})

describe('chosenInOrder', () => {
  it('keeps the editor order of the chosen columns', () => {
    expect(chosenInOrder(['amount', 'goods', 'spec', 'qty'], ['qty', 'goods', 'amount'])).toEqual(['amount', 'goods', 'qty'])
  })
})

describe('printOrder', () => {
  it('prints the template order', () => {
    expect(printOrder(['amount', 'goods', 'qty', 'no'], ['no', 'goods', 'qty'])).toEqual(['amount', 'goods', 'qty', 'no'])
  })
  it('puts a required column the template leaves out before the next column of the default order', () => {
    expect(printOrder(['spec', 'amount', 'unit'], ['no', 'goods', 'qty'])).toEqual(['no', 'goods', 'spec', 'qty', 'amount', 'unit'])
  })
  it('adds the warehouse of a warehouse document before the quantity', () => {
    expect(printOrder(['no', 'goods', 'unit', 'qty'], ['no', 'goods', 'qty', 'location'])).toEqual([
      'no',
      'goods',
      'unit',
      'location',
      'qty',
    ])
  })
  it('leaves out money columns the caller may not see, never a required one', () => {
    const money = (c: string) => c !== 'price' && c !== 'amount'
    expect(printOrder(['price', 'qty', 'amount', 'goods'], ['goods', 'qty'], money)).toEqual(['qty', 'goods'])
  })
  it('appends a required column with nothing after it', () => {
    expect(printOrder(['description'], ['no'])).toEqual(['no', 'description'])
  })
  it('puts a required column before a following default column printed earlier', () => {
    expect(printOrder(['description', 'no'], ['amount'])).toEqual(['amount', 'description', 'no'])
  })
  it('ignores unknown and repeated columns', () => {
    expect(printOrder(['goods', 'cost', 'goods', 'qty'], [])).toEqual(['goods', 'qty'])
  })
})

describe('totalCells', () => {
  const figures = ['qty', 'amount']
  it('spans the label over the leading columns', () => {
    expect(totalCells(['no', 'goods', 'spec', 'qty', 'price', 'amount', 'description'], figures)).toEqual([
      { column: 'no', span: 3, label: true },
      { column: 'qty', span: 1, label: false },
      { column: 'price', span: 1, label: false },
      { column: 'amount', span: 1, label: false },
      { column: 'description', span: 1, label: false },
    ])
  })
  it('puts the label after a leading figure column', () => {
    expect(totalCells(['qty', 'goods', 'no', 'amount'], figures)).toEqual([
      { column: 'qty', span: 1, label: false },
      { column: 'goods', span: 2, label: true },
      { column: 'amount', span: 1, label: false },
    ])
  })
  it('spans every column but the figures', () => {
    const cells = totalCells(['goods', 'qty', 'no', 'unit'], figures)
    expect(cells.reduce((n, c) => n + c.span, 0)).toBe(4)
    expect(cells.filter((c) => c.label)).toHaveLength(1)
  })
})
