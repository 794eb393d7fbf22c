// The sign-in page's extras (all public): the page's configuration,
// registration and the password reset by an e-mail code.
import { useQuery } from '@tanstack/react-query'
import { api } from '@/api/http'

/** GET /auth/config */
export interface AuthConfig {
  captchaEnabled: boolean
  /** 1: the page offers registration */
  allowRegister: number
  /** 1: registration asks to accept the user agreement */
  showAgreement: number
  companyName: string
  version: string
}

export interface RegisterInput {
  username: string
  nickname?: string
  password: string
  confirmPassword: string
  captchaKey?: string
  captchaCode?: string
}

export interface ResetInput {
  email: string
  code: string
  password: string
  confirmPassword: string
}

export const publicKeys = {
  config: ['auth', 'config'] as const,
  registerCaptcha: ['auth', 'captcha', 'register'] as const,
}

// Anonymous and silent: the forms show the server's field errors themselves.
const anon = { anonymous: true, silent: true }

export const getAuthConfig = () => api.get<AuthConfig>('/auth/config', { anonymous: true, silent: true })
export const register = (v: RegisterInput) => api.post<{ userId: number; username: string }>('/auth/register', v, anon)
export const sendResetCode = (email: string) => api.post<void>('/auth/password/code', { email }, anon)
export const resetPassword = (v: ResetInput) => api.post<void>('/auth/password/reset', v, anon)

/** The sign-in page's configuration (an older server without it: nothing extra). */
export const useAuthConfig = () => useQuery({ queryKey: publicKeys.config, queryFn: getAuthConfig, staleTime: 60_000, retry: false })
