// The contact dialog's values ↔ the add/update body.
import dayjs, { type Dayjs } from 'dayjs'
import { wire } from '@/utils/decimal'
import type { Contact, ContactBody, ContactType, Decimal, LinkMan } from '../types'
import { customBody, customFormValues } from '@/features/customField/lib/values'
import type { CustomField } from '@/features/customField/types'

export interface LinkManValues {
  id?: number
  linkName?: string
  linkMobile?: string
  linkPhone?: string
  linkIm?: string
  address?: string
  linkFirst?: boolean
}

export interface ContactValues {
  number?: string
  name?: string
  categoryId?: number | null
  cLevel?: number
  taxRate?: Decimal | null
  amount?: Decimal | null
  periodMoney?: Decimal | null
  beginDate?: Dayjs | null
  remark?: string
  linkMans?: LinkManValues[]
  /** the custom fields, by code (features/customField) */
  custom?: Record<string, string | number>
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v))
const decStr = (v: Decimal | null | undefined) => (v === null || v === undefined || v === '' ? undefined : String(v))

const blankLinkMan = (l: LinkManValues) => !str(l.linkName) && !str(l.linkMobile) && !str(l.linkPhone) && !str(l.linkIm) && !str(l.address)

/**
 * The contacts to send: empty rows dropped, text trimmed, exactly one
 * linkFirst (the first marked one, else the first row).
 */
export function linkMansBody(rows: LinkManValues[] | undefined): LinkMan[] {
  const kept = (rows ?? []).filter((l) => l && !blankLinkMan(l))
  const first = Math.max(
    0,
    kept.findIndex((l) => l.linkFirst),
  )
  return kept.map((l, i) => ({
    ...(l.id ? { id: l.id } : {}),
    linkName: str(l.linkName),
    linkMobile: str(l.linkMobile),
    linkPhone: str(l.linkPhone),
    linkIm: str(l.linkIm),
    address: str(l.address),
    linkFirst: i === first ? 1 : 0,
  }))
}

/** The body of POST /contact/add (no id) or /contact/update. */
export function contactBody(type: ContactType, v: ContactValues, id?: number, fields: CustomField[] = []): ContactBody {
  return {
    ...(id ? { id } : {}),
    ...(fields.length ? { custom: customBody(fields, v.custom) } : {}),
    type,
    number: str(v.number),
    name: str(v.name),
    categoryId: v.categoryId ?? 0,
    cLevel: type === -10 ? (v.cLevel ?? 0) : 0,
    taxRate: wire(v.taxRate),
    amount: wire(v.amount),
    periodMoney: wire(v.periodMoney),
    beginDate: v.beginDate && v.beginDate.isValid() ? v.beginDate.format('YYYY-MM-DD') : '',
    remark: str(v.remark),
    linkMans: linkMansBody(v.linkMans),
  }
}

/** The dialog's values of a record (get_update), or of a new one. */
export function contactValues(
  c?: Partial<Contact>,
  defaults?: { categoryId?: number; number?: string },
  fields: CustomField[] = [],
): ContactValues {
  if (!c) {
    return {
      custom: customFormValues(fields, undefined),
      number: defaults?.number,
      categoryId: defaults?.categoryId,
      cLevel: 0,
      taxRate: undefined,
      amount: undefined,
      periodMoney: undefined,
      beginDate: null,
      linkMans: [{ linkFirst: true }],
    }
  }
  const links = (c.linkMans ?? []).map((l) => ({ ...l, linkFirst: l.linkFirst === 1 }))
  return {
    custom: customFormValues(fields, c.custom),
    number: c.number,
    name: c.name,
    categoryId: c.categoryId || undefined,
    cLevel: c.cLevel ?? 0,
    taxRate: decStr(c.taxRate),
    amount: decStr(c.amount),
    periodMoney: decStr(c.periodMoney),
    beginDate: c.beginDate ? dayjs(c.beginDate) : null,
    remark: c.remark,
    linkMans: links.length ? links : [{ linkFirst: true }],
  }
}
