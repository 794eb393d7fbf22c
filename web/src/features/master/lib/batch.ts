// The per-id answers of batch deletes and disables ([{id, ok, msg}]): all
// went through → a short message; some were refused → a dialog naming each
// refused record with the server's reason (e.g. which document uses it).
import { createElement } from 'react'
import i18n from '@/app/i18n'
import { feedback } from '@/app/feedback'
import type { BatchResult } from '../types'

export interface BatchSummary {
  ok: number
  failed: { id: number; name: string; msg: string }[]
}

/** Counts the results; names the refused ones (by nameOf, else #id). */
export function summarise(
  results: BatchResult[] | null | undefined,
  nameOf: (id: number) => string | undefined = () => undefined,
): BatchSummary {
  const out: BatchSummary = { ok: 0, failed: [] }
  for (const r of results ?? []) {
    if (r.ok) out.ok++
    else out.failed.push({ id: r.id, name: nameOf(r.id) || `#${r.id}`, msg: r.msg ?? '' })
  }
  return out
}

const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, { ns: 'basicData', ...opts })

/** Shows the refusals of a batch; true when every id went through. */
export function reportRefusals(s: BatchSummary): boolean {
  if (s.failed.length === 0) return true
  feedback.modal.warning({
    title: t('batch.title', { ok: s.ok, failed: s.failed.length }),
    content: createElement(
      'ul',
      { 'data-testid': 'batch-refusals', style: { paddingInlineStart: 20, margin: 0 } },
      s.failed.map((f) => createElement('li', { key: f.id }, `${f.name}: ${f.msg}`)),
    ),
    okText: t('list:ok'),
  })
  return false
}

/**
 * Runs a batch call; rejects (after showing the refusals) when any id was
 * refused, so confirmDelete does not say "deleted".
 */
export async function runBatch(call: () => Promise<BatchResult[]>, nameOf?: (id: number) => string | undefined): Promise<BatchSummary> {
  const s = summarise(await call(), nameOf)
  if (!reportRefusals(s)) throw new Error('refused')
  return s
}
