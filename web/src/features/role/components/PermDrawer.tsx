// Assign permissions: the whole menu tree (catalogs, menus, buttons) with
// checkboxes, check all / expand all, saved as the checked ids plus their
// ancestors (see lib/permTree.ts).
import { useEffect, useMemo, useState } from 'react'
import { Button, Checkbox, Drawer, Empty, Flex, Input, Skeleton, Space, Switch, Tree, type TreeDataNode } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { filterTree } from '@/utils/tree'
import { useMenuTree, useRoleMenuIds, useSaveRoleMenus } from '../api'
import { checkAllState, checkedLeaves, idsToSave, leafIds, onlyLeaves, parentIds, type PermNode } from '../lib/permTree'
import type { Role } from '../types'

const toNodes = (nodes: PermNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.value, title: n.label, children: n.children?.length ? toNodes(n.children) : undefined }))

export function PermDrawer({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('access')
  const open = !!role
  const tree = useMenuTree(i18n.language, open)
  const granted = useRoleMenuIds(role?.id)
  const save = useSaveRoleMenus()
  const [checked, setChecked] = useState<number[]>([])
  const [expanded, setExpanded] = useState<number[]>([])
  const [q, setQ] = useState('')
  const menus = useMemo(() => tree.data ?? [], [tree.data])
  const ready = open && !!tree.data && !!granted.data && !granted.isFetching

  // Start from the role's grants each time they load.
  useEffect(() => {
    if (ready) {
      setChecked(checkedLeaves(menus, granted.data ?? []))
      setExpanded(menus.map((n) => n.value))
    }
  }, [ready, menus, granted.data])

  const shown = useMemo(() => toNodes(filterTree(menus, q.trim())), [menus, q])
  const state = checkAllState(menus, checked)
  const allParents = useMemo(() => parentIds(menus), [menus])
  const allExpanded = allParents.length > 0 && expanded.length >= allParents.length

  const submit = async () => {
    if (!role) return
    try {
      await save.mutateAsync({ id: role.id, menuIds: idsToSave(menus, checked) })
      feedback.message.success(t('list:saved'))
      onClose()
    } catch {
      /* the HTTP client showed the message */
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('role.permsOf', { name: role?.name ?? '' })}
      size={520}
      destroyOnHidden
      data-testid="perm-drawer"
      footer={
        <Flex justify="flex-end" gap="small">
          <Button onClick={onClose}>{t('list:cancel')}</Button>
          <Button type="primary" loading={save.isPending} disabled={!ready} onClick={submit} data-testid="perm-save">
            {t('list:save')}
          </Button>
        </Flex>
      }
    >
      {!ready ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Flex justify="space-between" align="center" wrap gap="small">
            <Checkbox
              checked={state === 'all'}
              indeterminate={state === 'some'}
              onChange={(e) => setChecked(e.target.checked ? leafIds(menus) : [])}
              data-testid="perm-check-all"
            >
              {t('role.checkAll')}
            </Checkbox>
            <Space>
              <span>{t('list:expandAll')}</span>
              <Switch
                size="small"
                checked={allExpanded}
                onChange={(on) => setExpanded(on ? allParents : [])}
                data-testid="perm-expand-all"
              />
            </Space>
          </Flex>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('role.permSearch')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          {shown.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Tree
              checkable
              blockNode
              selectable={false}
              treeData={shown}
              checkedKeys={checked}
              expandedKeys={q ? allParents : expanded}
              onExpand={(keys) => setExpanded(keys.map(Number))}
              onCheck={(keys) => {
                const list = (Array.isArray(keys) ? keys : keys.checked).map(Number)
                // keys of hidden (filtered-out) leaves stay as they were
                const visible = new Set(leafIds(filterTree(menus, q.trim())))
                const kept = checked.filter((k) => !visible.has(k))
                setChecked([...new Set([...kept, ...onlyLeaves(menus, list)])])
              }}
              data-testid="perm-tree"
            />
          )}
        </Space>
      )}
    </Drawer>
  )
}
