// My profile and security settings: query keys come from the auth feature
// (the profile and the signed-in user are its data); these are the changes.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import { authKeys, type PasswordChange } from '@/features/auth/api'

export interface ProfileInput {
  nickname: string
  gender: number
  avatar: string
}

export type BindChannel = 'mobile' | 'email'

export interface BindInput {
  mobile?: string
  email?: string
  code: string
}

/** The callers show field errors themselves: requests are silent. */
export const updateProfile = (v: ProfileInput) => api.post<void>('/users/profile', v, { silent: true })
export const sendBindCode = (channel: BindChannel, target: string) =>
  api.post<void>(`/users/${channel}/code`, undefined, { params: { [channel]: target }, silent: true })
export const bindTarget = (channel: BindChannel, v: BindInput) => api.post<void>(`/users/${channel}`, v, { silent: true })

export function useUpdateProfile() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: authKeys.profile }), qc.invalidateQueries({ queryKey: authKeys.me })]),
  })
}

export function useChangePassword() {
  return useMutation({ mutationFn: (v: PasswordChange) => api.post<void>('/users/set_password', v, { silent: true }) })
}

export function useSendBindCode() {
  return useMutation({ mutationFn: ({ channel, target }: { channel: BindChannel; target: string }) => sendBindCode(channel, target) })
}

export function useBind() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ channel, input }: { channel: BindChannel; input: BindInput }) => bindTarget(channel, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: authKeys.profile }),
  })
}
