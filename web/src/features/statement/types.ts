// A customer statement shared by link (internal/statement): the snapshot
// the page without sign-in shows, and a share in the staff's list.
import type { ReportColumn, ReportRow } from '@/features/report/types'

export interface StatementSheet {
  title: string
  columns: ReportColumn[]
  rows: ReportRow[]
  totals: Record<string, unknown>
}

export type Answer = '' | 'agree' | 'dispute'

export interface StatementView {
  company: { name: string; address?: string; phone?: string }
  contactNumber: string
  contactName: string
  beginDate: string
  endDate: string
  places: { qtyPlaces: number; pricePlaces: number; amountPlaces: number }
  sheets: Record<string, StatementSheet>
  lang: string
  expiresAt: string
  answer: Answer
  comment: string
  answeredAt?: string
}

export type ShareStatus = 'pending' | 'agreed' | 'disputed' | 'expired' | 'revoked'

export interface ShareItem {
  id: number
  buId: number
  contactNumber: string
  contactName: string
  beginDate: string
  endDate: string
  closing?: number | string
  status: ShareStatus
  comment: string
  answeredAt?: string
  createdBy: string
  createdAt: string
  expiresAt: string
}

export interface CreatedShare {
  id: number
  token: string
  path: string
  expiresAt: string
}
