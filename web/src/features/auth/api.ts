// Sign-in, session and shell data: query keys and hooks.
import { useQuery } from '@tanstack/react-query'
import { api } from '@/api/http'
import { useSession } from '@/stores/session'
import { usePreferences } from '@/stores/preferences'
import type { Tokens } from '@/stores/session'
import type { Captcha, LoginInput, RouteNode, ShopItem, SystemInfo, UserInfo } from './types'

export const authKeys = {
  captcha: ['auth', 'captcha'] as const,
  me: ['auth', 'me'] as const,
  home: (lang: string) => ['home', lang] as const,
  routes: (lang: string) => ['menus', 'routes', lang] as const,
  profile: ['users', 'profile'] as const,
}

export const getCaptcha = () => api.get<Captcha>('/auth/captcha', { anonymous: true })

export function login(input: LoginInput) {
  const form = new FormData()
  form.append('username', input.username)
  form.append('password', input.password)
  form.append('captchaKey', input.captchaKey ?? '')
  form.append('captchaCode', input.captchaCode ?? '')
  return api.post<Tokens>('/auth/login', form, { anonymous: true })
}

export const logout = () => api.delete<void>('/auth/logout', { silent: true })

/** The signed-in user; also kept in the session store for can(). */
export async function getMe() {
  const me = await api.get<UserInfo>('/users/me', { silent: true })
  useSession.getState().setUser(me)
  return me
}

// Silent: the session gate reports their failures (or ignores them while a
// new password is due, when the server answers 403 A0232).
export const getHome = () => api.get<SystemInfo>('/home', { silent: true })
export const getRoutes = () => api.get<RouteNode[]>('/menus/routes', { silent: true })
export const switchShop = (shopId: number) => api.post<ShopItem>('/home/switchShop', { shopId })

export interface PasswordChange {
  oldPassword: string
  newPassword: string
  confirmPassword: string
}
export const changePassword = (p: PasswordChange) => api.post<void>('/users/set_password', p)

export interface Profile {
  id: number
  username: string
  nickname: string
  avatar: string
  gender: number
  mobile: string
  email: string
  deptName: string
  roleNames: string
  createTime: string
}

export const useCaptcha = () => useQuery({ queryKey: authKeys.captcha, queryFn: getCaptcha, staleTime: 0, gcTime: 0 })

export const useMe = () => useQuery({ queryKey: authKeys.me, queryFn: getMe, staleTime: Infinity })

export function useSystemInfo(enabled = true) {
  const lang = usePreferences((s) => s.language)
  return useQuery({
    queryKey: authKeys.home(lang),
    queryFn: getHome,
    staleTime: 5 * 60_000,
    enabled,
    placeholderData: (prev) => prev, // no blank shell while the new language loads
  })
}

export function useRouteTree(enabled = true) {
  const lang = usePreferences((s) => s.language)
  return useQuery({
    queryKey: authKeys.routes(lang),
    queryFn: getRoutes,
    enabled,
    staleTime: Infinity,
    placeholderData: (prev) => prev, // keep the old menu while the new language loads
  })
}

export const useProfile = () => useQuery({ queryKey: authKeys.profile, queryFn: () => api.get<Profile>('/users/profile') })
