// Settlement accounts (settings/settAcct): number, name, cash/bank, bank
// account number, opening balance and date, current balance, status.
import type { TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { MasterList } from '@/features/master/components/MasterList'
import { useScreenParams } from '@/features/sysconf/api'
import { format } from '@/utils/decimal'
import { accountApi, accountCaches, accountKeys } from '../api'
import { AccountDialog } from '../components/AccountDialog'
import { BANK, type Account } from '../types'

export default function AccountList() {
  const { t } = useTranslation('basicData')
  // amounts with the system's amount places ("5000.00", not "5000")
  const A = Number(useScreenParams().data?.amountPlaces ?? 2)
  const columns: TableColumnsType<Account> = [
    { title: t('number'), dataIndex: 'number', sorter: true, width: 120 },
    { title: t('name'), dataIndex: 'name', sorter: true },
    { title: t('account.type'), dataIndex: 'type', render: (v: number) => t(v === BANK ? 'account.bank' : 'account.cash') },
    { title: t('account.bankAccount'), dataIndex: 'bankAccount' },
    { title: t('account.amount'), dataIndex: 'amount', align: 'right', render: (v: string | number | null) => format(v, A) },
    { title: t('account.date'), dataIndex: 'date' },
    { title: t('account.balance'), dataIndex: 'balance', align: 'right', render: (v: string | number | null) => format(v, A) },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true },
  ]
  return (
    <MasterList<Account>
      name="account"
      view="settings/settAcct"
      perm="settings:settAcct"
      resource={accountApi}
      queryKey={accountKeys.all}
      caches={accountCaches}
      columns={columns}
      title={t('account.title')}
      renderDialog={(state, close) => <AccountDialog state={state} onClose={close} />}
    />
  )
}
