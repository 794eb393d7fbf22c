// Notices: administration, the caller's own notices and the unread count.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { Option, PageResult } from '@/api/types'
import type { PageParams } from '@/components/useListQuery'
import type { MyNotice, MyNoticeFilters, Notice, NoticeDetail, NoticeFilters, NoticeForm, NoticeInput } from './types'

export const noticeKeys = {
  all: ['notices'] as const,
  page: ['notices', 'page'] as const,
  form: (id: number) => ['notices', 'form', id] as const,
  detail: (id: number) => ['notices', 'detail', id] as const,
  mine: ['notices', 'mine'] as const,
  latestUnread: ['notices', 'mine', 'latestUnread'] as const,
  latest: (size: number) => ['notices', 'mine', 'latest', size] as const,
  unread: ['notices', 'unreadCount'] as const,
  userOptions: ['users', 'options'] as const,
}

/** The badge refreshes this often. */
export const UNREAD_REFRESH_MS = 60_000
/** How many unread notices the header dropdown lists. */
export const LATEST_UNREAD = 5

export const getNoticePage = (p: NoticeFilters & PageParams) => api.get<PageResult<Notice>>('/notices/page', { params: p })
export const getNoticeForm = (id: number) => api.get<NoticeForm>(`/notices/${id}/form`)
export const getNoticeDetail = (id: number) => api.get<NoticeDetail>(`/notices/${id}/detail`)
export const getMyNotices = (p: MyNoticeFilters & PageParams) => api.get<PageResult<MyNotice>>('/notices/my-page', { params: p })
export const getUnreadCount = () => api.get<number>('/notices/unread-count', { silent: true })
export const getUserOptions = () => api.get<Option<number>[]>('/users/options')

export const saveNotice = (id: number | undefined, v: NoticeInput) =>
  id ? api.post<void>(`/notices/${id}`, v, { silent: true }) : api.post<number>('/notices/', v, { silent: true })

export function useNoticeForm(id: number | undefined) {
  return useQuery({ queryKey: noticeKeys.form(id ?? 0), queryFn: () => getNoticeForm(id!), enabled: !!id, staleTime: 0, gcTime: 0 })
}

/** Reading a notice marks it read: the counts and lists follow. */
export function useNoticeDetail(id: number | undefined) {
  const qc = useQueryClient()
  return useQuery({
    queryKey: noticeKeys.detail(id ?? 0),
    queryFn: async () => {
      const d = await getNoticeDetail(id!)
      void qc.invalidateQueries({ queryKey: noticeKeys.unread })
      void qc.invalidateQueries({ queryKey: noticeKeys.mine })
      return d
    },
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  })
}

export const useUnreadCount = () =>
  useQuery({ queryKey: noticeKeys.unread, queryFn: getUnreadCount, refetchInterval: UNREAD_REFRESH_MS, staleTime: 0 })

export const useLatestUnread = (enabled: boolean) =>
  useQuery({
    queryKey: noticeKeys.latestUnread,
    queryFn: () => getMyNotices({ isRead: 0, pageNum: 1, pageSize: LATEST_UNREAD }),
    enabled,
    staleTime: 0,
  })

/** The latest published notices meant for the caller, read or not (the dashboard's ticker). */
export const useLatestNotices = (size: number) =>
  useQuery({
    queryKey: noticeKeys.latest(size),
    queryFn: () => getMyNotices({ pageNum: 1, pageSize: size }),
    refetchInterval: UNREAD_REFRESH_MS,
  })

/** The administrators' preview: the form's content, read state untouched. */
export function useNoticePreview(id: number | undefined) {
  return useQuery({ queryKey: noticeKeys.form(id ?? 0), queryFn: () => getNoticeForm(id!), enabled: !!id, staleTime: 0, gcTime: 0 })
}

export const useUserOptions = (enabled = true) => useQuery({ queryKey: noticeKeys.userOptions, queryFn: getUserOptions, enabled })

function useNoticeMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: noticeKeys.all }) })
}

export const useSaveNotice = () => useNoticeMutation(({ id, input }: { id?: number; input: NoticeInput }) => saveNotice(id, input))
export const useDeleteNotices = () => useNoticeMutation((ids: number[]) => api.delete<void>(`/notices/${ids.join(',')}`))
export const usePublishNotice = () => useNoticeMutation((id: number) => api.post<void>(`/notices/${id}/publish`))
export const useRevokeNotice = () => useNoticeMutation((id: number) => api.post<void>(`/notices/${id}/revoke`))
export const useReadAll = () => useNoticeMutation(() => api.post<void>('/notices/read-all'))
