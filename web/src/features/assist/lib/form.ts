// The category dialog's values → the add/update body.
import type { AssistInput } from '../types'

export interface AssistValues {
  parentId?: number | null
  name: string
  number?: string
  sort?: number | null
  remark?: string
}

/** parentId 0 = top (flat types always top); empty number and sort left to the server. */
export function toAssistInput(v: AssistValues, typeNumber: string, flat = false): AssistInput {
  return {
    typeNumber,
    parentId: flat ? 0 : (v.parentId ?? 0),
    name: v.name.trim(),
    number: v.number?.trim() || undefined,
    sort: v.sort ?? undefined,
    remark: v.remark ?? '',
  }
}
