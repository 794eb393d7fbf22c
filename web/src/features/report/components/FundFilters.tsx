// The fund reports' filters (internal/report/fund.go): settlement account,
// income/expense item and a statement's goods lines, each shown when the
// report's answer offers it; and which contacts a report's picker lists.
import { Checkbox, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCache } from '@/features/cache/api'
import { pickFilter, pickOptions } from '@/features/cache/pick'
import type { ReportParams } from '../types'

export const FUND_FILTER_KEYS = ['accId', 'itemId', 'showGoods']

const SUPPLIER_REPORTS = ['payableDetail', 'supplierReconciliation']
const CUSTOMER_REPORTS = ['receivableDetail', 'customerReconciliation', 'receivableAgeing', 'collectionOverview']

/** The contacts a report's contact picker lists. */
export function contactSide(report: string): 'supplier' | 'customer' | 'both' {
  if (report.startsWith('pu') || SUPPLIER_REPORTS.includes(report)) return 'supplier'
  if (report.startsWith('sales') || CUSTOMER_REPORTS.includes(report)) return 'customer'
  return 'both'
}

export function FundFilters({ offered, draft, setDraft }: { offered: string[]; draft: ReportParams; setDraft: (p: ReportParams) => void }) {
  const { t } = useTranslation('report')
  const accounts = useCache('accounts')
  const items = useCache('items')
  const pick = (key: string) => (draft[key] ? Number(draft[key]) : undefined)
  const options = pickOptions
  return (
    <>
      {offered.includes('accId') && (
        <Select
          allowClear
          showSearch={{ filterOption: pickFilter }}
          style={{ minWidth: 160 }}
          placeholder={t('filter.accId')}
          value={pick('accId')}
          onChange={(v?: number) => setDraft({ ...draft, accId: v })}
          options={options(accounts.list)}
          data-testid="report-account"
        />
      )}
      {offered.includes('itemId') && (
        <Select
          allowClear
          showSearch={{ filterOption: pickFilter }}
          style={{ minWidth: 160 }}
          placeholder={t('filter.itemId')}
          value={pick('itemId')}
          onChange={(v?: number) => setDraft({ ...draft, itemId: v })}
          options={options(items.list)}
          data-testid="report-item"
        />
      )}
      {offered.includes('showGoods') && (
        <Checkbox
          checked={draft.showGoods === 1 || draft.showGoods === '1'}
          onChange={(e) => setDraft({ ...draft, showGoods: e.target.checked ? 1 : undefined })}
          data-testid="report-show-goods"
        >
          {t('filter.showGoods')}
        </Checkbox>
      )}
    </>
  )
}
