// A goods document's invoice state (0 none, 1 partly, 2 fully invoiced).
import { useTranslation } from 'react-i18next'
import { Tag } from 'antd'
import '../catalogue'

const colors: Record<number, string | undefined> = { 0: undefined, 1: 'processing', 2: 'success' }

export function InvoiceStateTag({ state, testId }: { state?: number; testId?: string }) {
  const { t } = useTranslation('invoice')
  const v = state ?? 0
  return (
    <Tag color={colors[v]} data-testid={testId} data-state={v}>
      {t(`state.${v}`)}
    </Tag>
  )
}
