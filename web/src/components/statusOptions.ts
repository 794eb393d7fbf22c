// statusOptions: the enabled (1) / disabled (0) choices of a status field,
// for the Select filters and Radio groups of the list screens and dialogs.
import type { TFunction } from 'i18next'

export const statusOptions = (t: TFunction) => [
  { value: 1, label: t('list:enabled') },
  { value: 0, label: t('list:disabled') },
]
