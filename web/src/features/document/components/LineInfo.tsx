// The active line's available stock (in its unit and warehouse) and last
// price, shown in the grid's status bar while entering it.
import { useQuery } from '@tanstack/react-query'
import { Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { api } from '@/api/http'
import type { DocLine, GridSettings } from '@/components/DocGrid'
import type { CachedGoods } from '@/components/DocGrid/lib/goodsSearch'
import { useCache } from '@/features/cache/api'
import { format } from '@/utils/decimal'
import { priceProposals } from '../api'
import { availableFor, type AvailableRow } from '../lib/lineInfo'

export function LineInfo({ line, buId, settings }: { line: DocLine; buId?: number; settings: GridSettings }) {
  const { t } = useTranslation('entry')
  const goods = useCache<CachedGoods & { id: number }>('goods')
  const warehouses = useCache('warehouses')
  // under 'stock' and 'documents': a document change refetches them. Every
  // kind asks, orders too: a disabled query would show an old answer kept
  // by another screen (可用库存 0 while the stock is there).
  const stock = useQuery({
    queryKey: ['stock', 'available', line.invId],
    queryFn: () => api.get<AvailableRow[]>('/inventory/available', { params: { ids: line.invId }, silent: true }),
    enabled: !!line.invId,
    staleTime: 30_000,
  })
  const last = useQuery({
    queryKey: ['documents', 'lastPrice', buId ?? 0, line.invId],
    queryFn: () => priceProposals([line.invId], buId),
    enabled: !!line.invId && !!buId && settings.money,
    staleTime: 30_000,
  })
  const g = goods.byId.get(line.invId)
  const unit = (g?.units ?? []).find((u) => u.unitId === line.unitId)
  const unitName = line.unitName || String(g?.unitName ?? '')
  const p = last.data?.[0]
  const inUnit = p?.units?.find((u) => u.unitId === line.unitId) as { lastPrice?: string | number; lastDate?: string } | undefined
  const lastPrice = inUnit?.lastPrice ?? (p?.unitId === line.unitId ? (p as { lastPrice?: string | number }).lastPrice : undefined)
  const lastDate = inUnit?.lastDate ?? (p as { lastDate?: string } | undefined)?.lastDate
  const location = line.locationId ? String(warehouses.byId.get(line.locationId)?.name ?? '') : ''
  return (
    <Space size="middle" data-testid="doc-line-info">
      {stock.data && (
        <Typography.Text type="secondary" data-testid="doc-line-available">
          {t(location ? 'availableIn' : 'available', {
            qty: availableFor(stock.data, line, String(unit?.rate ?? 1), settings.qtyPlaces),
            unit: unitName,
            location,
          })}
        </Typography.Text>
      )}
      {last.data && (
        <Typography.Text type="secondary" data-testid="doc-line-last-price">
          {lastPrice !== undefined && lastPrice !== null
            ? t('lastPrice', { price: format(lastPrice, settings.pricePlaces), date: lastDate ?? '' })
            : t('noLastPrice')}
        </Typography.Text>
      )}
    </Space>
  )
}
