// confirmDelete: the one "are you sure?" before deleting. Opens a confirm
// dialog (danger OK button); on OK runs onOk (the dialog's OK button spins
// until it settles), then shows "deleted" and resolves true. Cancel, or a
// failed onOk (the HTTP client already showed the server's message), resolves
// false.
//
//   if (await confirmDelete({ count: ids.length, onOk: () => remove.mutateAsync(ids) })) clearSelection()
import i18n from '@/app/i18n'
import { feedback } from '@/app/feedback'

export interface ConfirmDeleteOptions {
  /** what is deleted, shown in the question (e.g. a user name) */
  name?: string
  /** how many rows (batch deletes); ignored when name is given */
  count?: number
  /** the delete itself */
  onOk: () => Promise<unknown>
  /** override the question */
  content?: string
}

const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, { ns: 'list', ...opts })

export function confirmDelete({ name, count, onOk, content }: ConfirmDeleteOptions): Promise<boolean> {
  return new Promise((resolve) => {
    feedback.modal.confirm({
      title: t('confirmTitle'),
      content:
        content ?? (name ? t('confirmDeleteName', { name }) : count && count > 1 ? t('confirmDeleteCount', { count }) : t('confirmDelete')),
      okText: t('delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-ok' },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await onOk()
          feedback.message.success(t('deleted'))
          resolve(true)
        } catch {
          resolve(false)
        }
      },
      onCancel: () => resolve(false),
    })
  })
}
