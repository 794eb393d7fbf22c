// Notices (GET/POST /api/notices/*).

export const PUBLISH_STATUS = { draft: 0, published: 1, revoked: -1 } as const
export const TARGET = { all: 1, users: 2 } as const

export interface Notice {
  id: number
  title: string
  type: number
  level: string
  targetType: number
  publishStatus: number
  publisherName: string
  publishTime: string | null
  revokeTime: string | null
  createTime: string
}

export interface NoticeForm {
  id?: number
  title: string
  content: string
  type?: number
  level: string
  targetType: number
  targetUserIds: number[]
  publishStatus?: number
}

export type NoticeInput = Omit<NoticeForm, 'id' | 'publishStatus'>

export interface NoticeFilters extends Record<string, unknown> {
  title?: string
  publishStatus?: number
}

export interface NoticeDetail {
  id: number
  title: string
  content: string
  type: number
  level: string
  publisherName: string
  publishTime: string | null
  publishStatus: number
}

export interface MyNotice {
  id: number
  title: string
  type: number
  level: string
  publisherName: string
  publishTime: string | null
  isRead: number
}

export interface MyNoticeFilters extends Record<string, unknown> {
  title?: string
  isRead?: number
}
