// The department tree beside the user list: pick one to filter, pick it again to clear.
import { useMemo, useState } from 'react'
import { Empty, Input, Skeleton, Tree, type TreeDataNode } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { Option } from '@/api/types'
import { useDeptOptions } from '@/features/dept/api'
import { filterTree } from '@/utils/tree'

const toNodes = (nodes: Option<number>[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.value, title: n.label, children: n.children?.length ? toNodes(n.children) : undefined }))

export function DeptTree({ value, onChange }: { value?: number; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation('access')
  const depts = useDeptOptions()
  const [q, setQ] = useState('')
  const data = useMemo(() => toNodes(filterTree(depts.data ?? [], q.trim())), [depts.data, q])
  return (
    <div data-testid="user-dept-tree">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('user.deptSearch')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {depts.isLoading ? (
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
