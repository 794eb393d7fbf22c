// Goods (/api/inventory) over the shared master-data calls (features/master),
// plus SKUs and images.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, download } from '@/api/http'
import { downloadFile } from '@/api/download'
import type { GridResult } from '@/api/types'
import { compact, type PageParams } from '@/components/useListQuery'
import { fromGrid, gridParams, masterApi, useInvalidate } from '@/features/master/api'
import type { ImportResult } from '@/features/master/types'
import type { CacheName } from '@/features/cache/types'
import type { PriceGoods, PriceInput } from './lib/priceGrid'
import type { Goods, GoodsBody, GoodsImage } from './types'

export const goodsApi = masterApi<Goods, GoodsBody>('/inventory')

export const goodsKeys = {
  all: ['goods'] as const,
  images: (invId: number) => ['goods', 'images', invId] as const,
  image: (id: number, thumb: boolean) => ['goods', 'image', id, thumb ? 'thumb' : 'full'] as const,
  prices: ['goods', 'prices'] as const,
}

export const goodsCaches: CacheName[] = ['goods']

/** Removes a saved SKU (refused once a document uses it). */
export function useDeleteSku() {
  const done = useInvalidate(goodsKeys.all, goodsCaches)
  return useMutation({
    mutationFn: ({ invId, skuId }: { invId: number; skuId: number }) =>
      api.post<unknown>('/inventory/deleteSku', undefined, { params: { invId, skuId } }),
    onSuccess: done,
  })
}

export const useGoodsImages = (invId: number | undefined) =>
  useQuery({
    queryKey: goodsKeys.images(invId ?? 0),
    queryFn: () => api.get<GoodsImage[]>('/inventory/getImagesById', { params: { id: invId } }).then((r) => r ?? []),
    enabled: !!invId,
  })

/** An image's bytes (the bearer token goes with the request), cached by id. */
export const useImageBlob = (id: number | undefined, thumb: boolean) =>
  useQuery({
    queryKey: goodsKeys.image(id ?? 0, thumb),
    queryFn: () => download({ url: '/inventory/image', params: { id, thumb: thumb ? 1 : undefined }, silent: true }).then((r) => r.data),
    enabled: !!id,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  })

/** Uploads images to a goods item (multipart invId + file). */
export const uploadGoodsImage = (invId: number, file: File) => {
  const form = new FormData()
  form.append('invId', String(invId))
  form.append('file', file)
  return api.post<GoodsImage[]>('/inventory/addImagesToInv2', form)
}

export function useImageMutations(invId: number) {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: goodsKeys.images(invId) })
  const remove = useMutation({
    mutationFn: (id: number) => api.post<unknown>('/inventory/deleteImageId', undefined, { params: { id } }),
    onSuccess: refresh,
  })
  return { refresh, remove }
}

/** The price list (settings/price): a page of goods with every unit's prices. */
export const priceApi = {
  page: (p: Record<string, unknown> & PageParams) =>
    api.get<GridResult<PriceGoods>>('/inventory/prices', { params: gridParams(p) }).then(fromGrid),
  /** all rows or none; field errors (rows[i].field) come back for the cells */
  save: (rows: PriceInput[]) => api.post<{ count: number }>('/inventory/prices', { rows }, { silent: true }),
  exportList: (filters: Record<string, unknown>, name: string) => {
    const { pageNum: _n, pageSize: _s, ...rest } = filters
    void _n
    void _s
    return downloadFile({ url: '/inventory/prices/export', params: compact(rest) }, name)
  },
  importFile: (file: File, dryRun: boolean) => {
    const form = new FormData()
    form.append('file', file)
    return api.post<ImportResult>('/inventory/prices/import', form, { params: compact({ dryRun: dryRun ? 1 : undefined }) })
  },
}
