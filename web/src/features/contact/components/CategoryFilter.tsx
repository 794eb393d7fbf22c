// The category tree beside a list (customers, suppliers, goods): pick a
// category to show it and its subtree, pick it again (or "all") to show
// all. Categories come from the "assists" client cache (the category screen
// refreshes it); disabled ones show greyed.
import { useMemo, useState } from 'react'
import { Empty, Input, Skeleton, Tree, Typography, type TreeDataNode } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCache } from '@/features/cache/api'
import { buildTree, keepWithAncestors, type TreeNode } from '@/features/assist/lib/tree'
import type { Assist } from '@/features/assist/types'

const toNodes = (nodes: TreeNode<Assist>[]): TreeDataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.disable === 1 ? <Typography.Text type="secondary">{n.name}</Typography.Text> : n.name,
    children: n.children ? toNodes(n.children) : undefined,
  }))

export interface CategoryFilterProps {
  typeNumber: string
  value?: number
  onChange: (id: number | undefined) => void
  'data-testid'?: string
}

export function CategoryFilter({ typeNumber, value, onChange, ...rest }: CategoryFilterProps) {
  const { t } = useTranslation('contact')
  const assists = useCache('assists')
  const [q, setQ] = useState('')
  const data = useMemo(() => {
    const rows = (assists.list as unknown as Assist[]).filter((r) => r.typeNumber === typeNumber)
    const needle = q.trim().toLowerCase()
    return toNodes(buildTree(needle ? keepWithAncestors(rows, (r) => r.name.toLowerCase().includes(needle)) : rows))
  }, [assists.list, typeNumber, q])
  return (
    <div data-testid={rest['data-testid'] ?? 'category-filter'}>
      <Input
        allowClear
        size="small"
        prefix={<SearchOutlined />}
        placeholder={t('categorySearch')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Typography.Link
        onClick={() => onChange(undefined)}
        strong={!value}
        style={{ display: 'block', paddingInlineStart: 24, marginBottom: 4 }}
        data-testid="category-all"
      >
        {t('allCategories')}
      </Typography.Link>
      {assists.isLoading ? (
        <Skeleton active />
      ) : data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree
          key={q ? `q:${q}` : 'all'}
          blockNode
          defaultExpandAll
          treeData={data}
          selectedKeys={value ? [value] : []}
          onSelect={(keys) => onChange(keys.length ? Number(keys[0]) : undefined)}
        />
      )}
    </div>
  )
}
