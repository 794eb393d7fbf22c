import { describe, expect, it } from 'vitest'
import { useSession, type UserInfo } from './session'
import { can, hasRole } from './permission'

const user = (roles: string[], perms: string[]): UserInfo => ({
  userId: 2,
  username: 'u',
  nickname: 'u',
  avatar: '',
  roles,
  perms,
})

describe('can (buttons)', () => {
  it('passes ROOT whatever the permissions', () => {
    expect(can('sys:user:add', user(['ROOT'], []))).toBe(true)
  })
  it('passes the all-permission', () => {
    expect(can('sys:user:add', user(['CLERK'], ['*:*:*']))).toBe(true)
  })
  it('passes any listed permission the user holds', () => {
    const u = user(['CLERK'], ['purchase:purOrder:query', 'purchase:purOrder:add'])
    expect(can('purchase:purOrder:add', u)).toBe(true)
    expect(can(['sys:user:add', 'purchase:purOrder:add'], u)).toBe(true)
    expect(can(['sys:user:add', 'purchase:purOrder:check'], u)).toBe(false)
    expect(can('purchase:purOrder:check', u)).toBe(false)
  })
  it('fails without a user', () => {
    expect(can('sys:user:add', null)).toBe(false)
  })
  it('reads the signed-in user by default', () => {
    useSession.getState().setUser(user(['CLERK'], ['a:b:c']))
    expect(can('a:b:c')).toBe(true)
    expect(can('a:b:d')).toBe(false)
    useSession.getState().clear()
  })
  it('throws without identifiers', () => {
    const u = user(['ROOT'], [])
    expect(() => can('', u)).toThrow('identifiers are needed')
    expect(() => can([], u)).toThrow('identifiers are needed')
    expect(() => can(undefined as unknown as string, u)).toThrow('identifiers are needed')
  })
})

describe('hasRole', () => {
  it('tests role names with no ROOT bypass', () => {
    expect(hasRole('CLERK', user(['CLERK'], []))).toBe(true)
    expect(hasRole(['KEEPER', 'CLERK'], user(['CLERK'], []))).toBe(true)
    expect(hasRole('CLERK', user(['ROOT'], ['*:*:*']))).toBe(false)
    expect(hasRole('ROOT', user(['ROOT'], []))).toBe(true)
  })
  it('throws without identifiers', () => {
    expect(() => hasRole([], user(['ROOT'], []))).toThrow('identifiers are needed')
  })
})
