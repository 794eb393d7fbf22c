// Income/expense items (settings/item): a tab for income items and one for
// expense items; number, name, category, status, remark.
import { useState } from 'react'
import { Card, Tabs, type TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { MasterList } from '@/features/master/components/MasterList'
import { itemApi, itemCaches, itemKeys } from '../api'
import { ItemDialog } from '../components/ItemDialog'
import { EXPENSE, INCOME, type Item } from '../types'

export default function ItemList() {
  const { t } = useTranslation('basicData')
  const [type, setType] = useState(INCOME)
  const columns: TableColumnsType<Item> = [
    { title: t('number'), dataIndex: 'number', sorter: true, width: 140 },
    { title: t('name'), dataIndex: 'name', sorter: true },
    { title: t('category'), dataIndex: 'categoryName' },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true },
  ]
  return (
    <MasterList<Item>
      key={type}
      name="item"
      view="settings/item"
      perm="settings:item"
      disablePerm="settings:item:update"
      resource={itemApi}
      queryKey={itemKeys.all}
      caches={itemCaches}
      columns={columns}
      title={t('item.title')}
      fixed={{ type }}
      header={
        <Card size="small" styles={{ body: { paddingBlock: 0 } }}>
          <Tabs
            activeKey={String(type)}
            onChange={(k) => setType(Number(k))}
            items={[
              { key: String(INCOME), label: <span data-testid="item-tab-income">{t('item.incomeItems')}</span> },
              { key: String(EXPENSE), label: <span data-testid="item-tab-expense">{t('item.expenseItems')}</span> },
            ]}
          />
        </Card>
      }
      renderDialog={(state, close) => <ItemDialog state={state} type={type} onClose={close} />}
    />
  )
}
