// Session: tokens (persisted in localStorage) and the signed-in user's
// identity (userId, names, roles, perms), which can() reads.
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

export interface Tokens {
  tokenType?: string
  accessToken: string
  refreshToken: string
  expiresIn?: number
}

export interface UserInfo {
  userId: number
  username: string
  nickname: string
  avatar: string
  roles: string[]
  perms: string[]
  mustChangePassword?: boolean
  shopId?: number
}

interface SessionState {
  accessToken: string
  refreshToken: string
  tokenType: string
  user: UserInfo | null
  /** the session ended by signing out (the guard then drops the redirect) */
  signedOut: boolean
  setTokens: (t: Tokens) => void
  setUser: (u: UserInfo | null) => void
  /** Ends the session; signOut: the user asked to (no redirect back afterwards). */
  clear: (signOut?: boolean) => void
}

export const SESSION_KEY = 'cangshu.session'

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      accessToken: '',
      refreshToken: '',
      tokenType: 'Bearer',
      user: null,
      signedOut: false,
      setTokens: (t) =>
        set({
          accessToken: t.accessToken,
          refreshToken: t.refreshToken,
          tokenType: t.tokenType || 'Bearer',
          signedOut: false,
        }),
      setUser: (user) => set({ user }),
      clear: (signOut = false) => set({ accessToken: '', refreshToken: '', tokenType: 'Bearer', user: null, signedOut: signOut }),
    }),
    {
      name: SESSION_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ accessToken: s.accessToken, refreshToken: s.refreshToken, tokenType: s.tokenType }),
    },
  ),
)

export const isSignedIn = () => useSession.getState().accessToken !== ''
