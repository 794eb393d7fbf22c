// Add or edit a goods item: a wide dialog with tabs (basic, prices and
// multi-unit, stock warnings and openings, SKUs, images). A tab whose fields
// have errors shows their count, so errors on hidden tabs are not missed.
import { useState } from 'react'
import { Badge, Form, Tabs, type FormInstance } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useSystemInfo } from '@/features/auth/api'
import { useMasterMutations, useMasterRecord, useNextNumber } from '@/features/master/api'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { useCustomFields } from '@/features/customField/api'
import { goodsApi, goodsCaches, goodsKeys } from '../api'
import { goodsBody, goodsValues, type GoodsValues } from '../lib/goodsForm'
import { useGoodsRefs } from '../lib/useGoodsRefs'
import { BasicTab } from './BasicTab'
import { ImagesTab } from './ImagesTab'
import { PricesTab } from './PricesTab'
import { SkuTab } from './SkuTab'
import { StockTab } from './StockTab'

export interface GoodsDialogState {
  open: boolean
  id?: number
  categoryId?: number
}

/** The top-level form fields of each tab. */
export const TAB_FIELDS: Record<string, string[]> = {
  basic: [
    'number',
    'name',
    'spec',
    'barCode',
    'categoryId',
    'locationId',
    'multiUnit',
    'unitId',
    'unitTypeId',
    'isSerNum',
    'isWarranty',
    'safeDays',
    'advanceDay',
    'remark',
    'custom',
  ],
  prices: ['purPrice', 'salePrice', 'wholesalePrice', 'vipPrice', 'discountRate1', 'discountRate2', 'units'],
  stock: ['warnings', 'openings'],
  sku: ['skuTypeIds', 'skus'],
}

function TabLabel({ form, tab, label }: { form: FormInstance; tab: string; label: string }) {
  return (
    <Form.Item noStyle shouldUpdate>
      {() => {
        const fields = TAB_FIELDS[tab] ?? []
        const count = form.getFieldsError().filter((f) => f.errors.length && fields.includes(String(f.name[0]))).length
        return (
          <span data-testid={`goods-tab-${tab}`}>
            {label}
            {count > 0 && <Badge count={count} size="small" style={{ marginInlineStart: 6 }} />}
          </span>
        )
      }}
    </Form.Item>
  )
}

export function GoodsDialog({ state, onClose }: { state: GoodsDialogState; onClose: () => void }) {
  const { t } = useTranslation('goods')
  const [form] = Form.useForm<GoodsValues>()
  const [tab, setTab] = useState('basic')
  const editing = !!state.id
  const record = useMasterRecord(goodsApi, goodsKeys.all, state.open ? state.id : undefined)
  const next = useNextNumber(goodsApi, state.open && !editing)
  const { save } = useMasterMutations(goodsApi, goodsKeys.all, goodsCaches)
  const refs = useGoodsRefs()
  const custom = useCustomFields('goods')
  const fields = custom.data ?? []
  const { data: info } = useSystemInfo()
  const me = useSession((s) => s.user)
  const maySku = can('settings:inventory:sku', me)
  const mayImage = can('settings:inventory:image', me)
  const places = { qty: info?.qtyPlaces ?? 4, price: info?.pricePlaces ?? 4, amount: info?.amountPlaces ?? 2 }

  const initial = editing
    ? goodsValues(record.data, refs.groupOf, undefined, fields)
    : goodsValues(undefined, refs.groupOf, { number: next.data, categoryId: state.categoryId }, fields)

  // The whole store, not only the validated fields: row ids and unit ids have no field of their own.
  const submit = () => save.mutateAsync(goodsBody(form.getFieldsValue(true) as GoodsValues, refs.unitGroups, state.id, fields))

  const label = (key: string, text: string) => <TabLabel form={form} tab={key} label={text} />
  const items = [
    {
      key: 'basic',
      label: label('basic', t('tabs.basic')),
      forceRender: true,
      children: <BasicTab form={form} refs={refs} customFields={fields} />,
    },
    {
      key: 'prices',
      label: label('prices', t('tabs.prices')),
      forceRender: true,
      children: <PricesTab form={form} pricePlaces={places.price} />,
    },
    {
      key: 'stock',
      label: label('stock', t('tabs.stock')),
      forceRender: true,
      children: <StockTab form={form} refs={refs} places={places} />,
    },
    ...(maySku
      ? [
          {
            key: 'sku',
            label: label('sku', t('tabs.sku')),
            forceRender: true,
            children: <SkuTab form={form} refs={refs} invId={state.id} />,
          },
        ]
      : []),
    ...(mayImage
      ? [
          {
            key: 'images',
            label: <span data-testid="goods-tab-images">{t('tabs.images')}</span>,
            children: <ImagesTab invId={state.id} editable />,
          },
        ]
      : []),
  ]

  return (
    <FormDialog<GoodsValues>
      open={state.open}
      title={editing ? t('editTitle') : t('addTitle')}
      form={form}
      loading={(editing ? record.isLoading : next.isLoading) || refs.loading || custom.isLoading}
      initialValues={initial}
      onSubmit={submit}
      onClose={() => {
        setTab('basic')
        onClose()
      }}
      width={1080}
      labelCol={{ flex: '120px' }}
      data-testid="goods-dialog"
    >
      <Tabs activeKey={tab} onChange={setTab} items={items} data-testid="goods-tabs" />
    </FormDialog>
  )
}
