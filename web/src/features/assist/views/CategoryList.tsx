// Categories (settings/assist): one tab per category type (goods, customer,
// supplier, income, expense: the kind-0 types but payment methods, which
// have their own screen), each a tree of categories.
import { useState } from 'react'
import { Card, Empty, Skeleton, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useAssistTypes } from '../api'
import { CategoryTree } from '../components/CategoryTree'
import { TYPE_PAY_METHOD } from '../types'

export default function CategoryList() {
  const { t } = useTranslation('basicData')
  const types = useAssistTypes(0)
  const tabs = (types.data ?? []).filter((ty) => ty.number !== TYPE_PAY_METHOD)
  const [picked, setPicked] = useState<string>()
  const current = tabs.find((ty) => ty.number === picked)?.number ?? tabs[0]?.number

  return (
    <Card size="small" data-view="settings/assist" data-testid="assist-view">
      {types.isLoading ? (
        <Skeleton active />
      ) : !current ? (
        <Empty description={t('assist.noTypes')} />
      ) : (
        <>
          <Tabs
            activeKey={current}
            onChange={setPicked}
            items={tabs.map((ty) => ({ key: ty.number, label: <span data-testid={`assist-type-${ty.number}`}>{ty.name}</span> }))}
          />
          <CategoryTree key={current} typeNumber={current} perm="settings:assist" name="assist" />
        </>
      )}
    </Card>
  )
}
