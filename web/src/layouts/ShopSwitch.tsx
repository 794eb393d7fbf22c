// The active shop: switching tells the server, then reloads every query.
import { Select } from 'antd'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { switchShop, useSystemInfo } from '@/features/auth/api'

export function ShopSwitch() {
  const { t } = useTranslation('layout')
  const qc = useQueryClient()
  const { data } = useSystemInfo()
  const shops = data?.shops ?? []
  const change = async (shopId: number) => {
    try {
      const shop = await switchShop(shopId)
      feedback.message.success(t('shopSwitched', { name: shop?.shopName ?? shops.find((s) => s.shopId === shopId)?.shopName }))
      await qc.invalidateQueries()
    } catch {
      // the HTTP client has shown why
    }
  }
  return (
    <Select
      style={{ minWidth: 140 }}
      placeholder={t('selectShop')}
      value={data?.shopId || undefined}
      options={shops.map((s) => ({ value: s.shopId, label: s.shopName }))}
      onChange={change}
      aria-label={t('shop')}
      data-testid="shop-select"
      popupMatchSelectWidth={false}
    />
  )
}
