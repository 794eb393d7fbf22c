// DocGrid over the client caches (goods with units and SKUs, warehouses).
import { useCache } from '@/features/cache/api'
import { DocGrid, type DocGridProps } from '@/components/DocGrid/DocGrid'
import type { CachedGoods } from '@/components/DocGrid/lib/goodsSearch'

export type CachedDocGridProps = Omit<DocGridProps, 'goods' | 'warehouses'>

export function CachedDocGrid(props: CachedDocGridProps) {
  const goods = useCache<CachedGoods & { id: number }>('goods')
  const warehouses = useCache('warehouses')
  return <DocGrid {...props} goods={goods.list} warehouses={warehouses.list} />
}

export default CachedDocGrid
