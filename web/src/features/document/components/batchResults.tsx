// Per-document results of a batch action (docs/api.md §2): a message when all
// went through, a dialog listing the refused ones otherwise.
import i18n from '@/app/i18n'
import { feedback } from '@/app/feedback'
import type { BatchResult } from '../types'

const t = (key: string, o?: Record<string, unknown>) => i18n.t(key, { ns: 'document', ...o })

/** Shows the results; answers how many went through. */
export function showBatchResults(results: BatchResult[] | null | undefined, nameOf: (id: number) => string): number {
  const list = results ?? []
  const ok = list.filter((r) => r.ok).length
  const bad = list.filter((r) => !r.ok)
  if (!bad.length) {
    feedback.message.success(t('batch.allOk', { count: ok }))
    return ok
  }
  feedback.modal.error({
    title: t('batch.title', { ok, failed: bad.length }),
    content: (
      <ul data-testid="batch-results" style={{ paddingLeft: 18, margin: 0 }}>
        {bad.map((r) => (
          <li key={r.id}>
            {nameOf(r.id)}: {r.msg}
          </li>
        ))}
      </ul>
    ),
  })
  return ok
}
