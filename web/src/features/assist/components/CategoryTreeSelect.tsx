// CategoryTreeSelect: picks a category of one type (goods 'trade',
// 'customertype', 'supplytype', 'raccttype', 'paccttype' …) from the
// client cache of categories (features/cache 'assists'), as a searchable
// tree. Disabled categories show (so a record keeping one still reads its
// name) but cannot be picked. Used by the customer, supplier, goods and
// income/expense item screens.
//
//   <Form.Item name="categoryId" label={t('category')}>
//     <CategoryTreeSelect typeNumber="trade" allowClear />
//   </Form.Item>
import { useMemo, type CSSProperties } from 'react'
import { TreeSelect } from 'antd'
import { useCache } from '@/features/cache/api'
import { buildTree, toTreeOptions } from '../lib/tree'
import type { Assist } from '../types'

export interface CategoryTreeSelectProps {
  typeNumber: string
  value?: number
  onChange?: (value: number | undefined) => void
  allowClear?: boolean
  placeholder?: string
  disabled?: boolean
  style?: CSSProperties
  'data-testid'?: string
}

/** The categories of a type, as TreeSelect options (from the cache). */
export function useCategoryOptions(typeNumber: string) {
  const cache = useCache('assists')
  const options = useMemo(() => {
    const rows = (cache.list as unknown as Assist[]).filter((r) => r.typeNumber === typeNumber)
    return toTreeOptions(buildTree(rows), { disabled: (n) => n.disable === 1 })
  }, [cache.list, typeNumber])
  return { options, loading: cache.isLoading }
}

export function CategoryTreeSelect({
  typeNumber,
  value,
  onChange,
  allowClear,
  placeholder,
  disabled,
  style,
  ...rest
}: CategoryTreeSelectProps) {
  const { options, loading } = useCategoryOptions(typeNumber)
  return (
    <TreeSelect<number>
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      allowClear={allowClear}
      placeholder={placeholder}
      disabled={disabled}
      loading={loading}
      treeData={options}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      style={{ minWidth: 160, ...style }}
      data-testid={rest['data-testid']}
    />
  )
}
