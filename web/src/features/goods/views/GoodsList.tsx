// Goods (settings/inventory): the category tree filters the shared
// master-data list. The search takes number, name, pinyin initials or a
// barcode: a scanner types the code and Enter, which searches; the text is
// then selected so the next scan replaces it.
import { useState, type KeyboardEvent } from 'react'
import { Card, Col, Row, type TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { MasterList } from '@/features/master/components/MasterList'
import { CategoryFilter } from '@/features/contact/components/CategoryFilter'
import { goodsApi, goodsCaches, goodsKeys } from '../api'
import { GoodsDialog } from '../components/GoodsDialog'
import type { Decimal, Goods } from '../types'
import { useScreenParams } from '@/features/sysconf/api'
import { format } from '@/utils/decimal'
import { useCustomFields } from '@/features/customField/api'
import { customColumns } from '@/features/customField/lib/columns'
import '@/features/customField/catalogue'
import { useSession } from '@/stores/session'
import { GOODS_MONEY, moneyColumns } from '@/stores/money'

/** A figure with the system's places ('' when absent). */
const fixed = (places: number) => (v: Decimal | null | undefined) => (v === null || v === undefined ? '' : format(v, places))

/** After Enter in the list's search field, select its text (the next scan replaces it). */
function selectSearchOnEnter(e: KeyboardEvent<HTMLDivElement>) {
  const el = e.target as HTMLElement
  if (e.key !== 'Enter' || !(el instanceof HTMLInputElement) || el.dataset.testid !== 'goods-search') return
  setTimeout(() => el.select(), 0)
}

export default function GoodsList() {
  const { t } = useTranslation('goods')
  const { t: tc } = useTranslation('customField')
  const customFields = useCustomFields('goods')
  const [categoryId, setCategoryId] = useState<number | undefined>()
  const user = useSession((st) => st.user)
  const sys = useScreenParams().data
  const qtyText = fixed(Number(sys?.qtyPlaces ?? 2))
  const priceText = fixed(Number(sys?.pricePlaces ?? 2))

  const price = (key: 'purPrice' | 'salePrice' | 'wholesalePrice' | 'vipPrice', sortable: boolean) => ({
    title: t(key),
    dataIndex: key,
    key,
    align: 'right' as const,
    sorter: sortable,
    render: priceText,
  })
  // a price the user has no right to is not in the answer: no column for it
  const columns: TableColumnsType<Goods> = moneyColumns(
    [
      { title: t('number'), dataIndex: 'number', key: 'number', sorter: true, fixed: 'left' },
      { title: t('name'), dataIndex: 'name', key: 'name', sorter: true },
      { title: t('spec'), dataIndex: 'spec', key: 'spec', sorter: true },
      { title: t('category'), dataIndex: 'categoryName', key: 'categoryName', sorter: true },
      {
        title: t('unit'),
        dataIndex: 'unitName',
        render: (_: string, r) => (r.unitTypeId && r.units?.length > 1 ? r.units.map((u) => u.unitName).join('/') : r.unitName),
      },
      {
        title: t('stockQty'),
        dataIndex: 'stockQty',
        key: 'stockQty',
        align: 'right' as const,
        render: (v: Decimal | undefined, r) => <span data-testid={`goods-stock-${r.number}`}>{qtyText(v)}</span>,
      },
      price('purPrice', true),
      price('salePrice', true),
      price('wholesalePrice', false),
      price('vipPrice', false),
      { title: t('barCode'), dataIndex: 'barCode' },
      ...customColumns<Goods>(customFields.data, [tc('yes'), tc('no')]),
    ] as TableColumnsType<Goods>,
    GOODS_MONEY,
    user,
  )

  return (
    <Row gutter={[16, 16]} data-testid="goods-page" onKeyDownCapture={selectSearchOnEnter}>
      <Col xs={24} lg={5}>
        <Card size="small" title={t('categories')} style={{ height: '100%' }}>
          <CategoryFilter typeNumber="trade" value={categoryId} onChange={setCategoryId} data-testid="goods-category-tree" />
        </Card>
      </Col>
      <Col xs={24} lg={19}>
        <MasterList<Goods>
          name="goods"
          view="settings/inventory"
          perm="settings:inventory"
          resource={goodsApi}
          queryKey={goodsKeys.all}
          caches={goodsCaches}
          columns={columns}
          title={t('title')}
          fixed={{ categoryId }}
          searchHint={t('searchHint')}
          importExport
          renderDialog={(s, close) => <GoodsDialog state={{ ...s, categoryId }} onClose={close} />}
        />
      </Col>
    </Row>
  )
}
