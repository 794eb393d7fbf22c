import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { useSession, type UserInfo } from '@/stores/session'
import { Auth } from './Auth'

const user = (roles: string[], perms: string[]): UserInfo => ({
  userId: 2,
  username: 'u',
  nickname: 'u',
  avatar: '',
  roles,
  perms,
})

describe('<Auth>', () => {
  afterEach(() => {
    cleanup()
    useSession.getState().clear()
  })
  it('shows children only when the check passes', () => {
    useSession.getState().setUser(user(['CLERK'], ['sys:user:add']))
    render(
      <>
        <Auth perm="sys:user:add">
          <button>add</button>
        </Auth>
        <Auth perm="sys:user:delete" fallback={<span>no delete</span>}>
          <button>delete</button>
        </Auth>
        <Auth role="ROOT">
          <button>root only</button>
        </Auth>
      </>,
    )
    expect(screen.queryByText('add')).toBeTruthy()
    expect(screen.queryByText('delete')).toBeNull()
    expect(screen.queryByText('no delete')).toBeTruthy()
    expect(screen.queryByText('root only')).toBeNull()
  })
  it('throws without identifiers', () => {
    expect(() => Auth({ children: null })).toThrow('identifiers are needed')
  })
})
