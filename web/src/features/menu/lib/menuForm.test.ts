import { describe, expect, it } from 'vitest'
import { toFormValues, toInput } from './menuForm'

describe('menu form', () => {
  it('shows params as a list and sends them as a map', () => {
    const v = toFormValues({ parentId: 1, name: 'Sales', type: 'MENU', params: { type: 'sale', x: '1' } })
    expect(v.params).toEqual([
      { key: 'type', value: 'sale' },
      { key: 'x', value: '1' },
    ])
    const input = toInput({ ...v, params: [...v.params!, { key: ' ', value: 'dropped' }], perm: 'left:over' })
    expect(input.params).toEqual({ type: 'sale', x: '1' })
    expect(input.perm).toBeUndefined()
  })

  it('sends only the fields of the type', () => {
    const input = toInput({ parentId: 2, name: 'Add', type: 'BUTTON', perm: 'sys:user:add', routePath: 'x', component: 'y', params: [] })
    expect(input).toEqual({ parentId: 2, name: 'Add', type: 'BUTTON', perm: 'sys:user:add' })
  })
})
