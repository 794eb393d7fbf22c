// The tags view: one tab per opened page, the dashboard pinned; close, close
// others/left/right/all and refresh from the context menu or the actions button;
// a tab dragged to another place keeps it (tabDrag.ts).
import { useRef } from 'react'
import { Button, Dropdown, Tabs, theme, type MenuProps } from 'antd'
import { DownOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { feedback } from '@/app/feedback'
import { dirtyTabs, discardTabs, useTabs, type Tab } from '@/stores/tabs'
import { TAB_KEY_ATTR, useTabDrag } from './tabDrag'

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll'

export function TagsView() {
  const { t } = useTranslation('layout')
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const location = useLocation()
  const tabs = useTabs((s) => s.tabs)
  const active = location.pathname + location.search
  const bar = useRef<HTMLDivElement>(null)
  const { dragging, onPointerDown } = useTabDrag(bar)

  const goIfGone = (left: Tab[]) => {
    if (!left.some((x) => x.key === active)) navigate(left.length ? left[left.length - 1].key : '/')
  }
  /** The tabs an action would close. */
  const closing = (action: Action, key: string): string[] => {
    const all = useTabs.getState().tabs
    const i = all.findIndex((x) => x.key === key)
    const pick = (pred: (x: Tab, j: number) => boolean) => all.filter((x, j) => !x.affix && pred(x, j)).map((x) => x.key)
    switch (action) {
      case 'close':
        return pick((x) => x.key === key)
      case 'closeOthers':
        return pick((x) => x.key !== key)
      case 'closeLeft':
        return pick((_, j) => j < i)
      case 'closeRight':
        return pick((_, j) => j > i)
      case 'closeAll':
        return pick(() => true)
      default:
        return []
    }
  }
  // Pages with unsaved changes ask first.
  const run = (action: Action, key: string) => {
    const dirty = dirtyTabs(closing(action, key))
    if (!dirty.length) return apply(action, key)
    feedback.modal.confirm({
      title: t('tags.unsavedTitle'),
      content: t('tags.unsavedContent', { count: dirty.length }),
      okText: t('tags.discard'),
      okButtonProps: { danger: true, 'data-testid': 'tags-discard' } as never,
      onOk: () => {
        discardTabs(dirty)
        apply(action, key)
      },
    })
  }
  const apply = (action: Action, key: string) => {
    const s = useTabs.getState()
    switch (action) {
      case 'refresh':
        s.refresh(key)
        if (key !== active) navigate(key)
        return
      case 'close':
        return goIfGone(s.close(key))
      case 'closeOthers':
        if (key !== active) navigate(key)
        s.closeOthers(key)
        return
      case 'closeLeft':
        return goIfGone(s.closeLeft(key))
      case 'closeRight':
        return goIfGone(s.closeRight(key))
      case 'closeAll':
        return goIfGone(s.closeAll())
    }
  }
  const menu = (key: string): MenuProps => {
    const tab = tabs.find((x) => x.key === key)
    const i = tabs.findIndex((x) => x.key === key)
    return {
      items: [
        { key: 'refresh', label: t('tags.refresh') },
        { key: 'close', label: t('tags.close'), disabled: !tab || tab.affix },
        { key: 'closeOthers', label: t('tags.closeOthers') },
        { key: 'closeLeft', label: t('tags.closeLeft'), disabled: i <= 0 },
        { key: 'closeRight', label: t('tags.closeRight'), disabled: i < 0 || i === tabs.length - 1 },
        { key: 'closeAll', label: t('tags.closeAll') },
      ].map((it) => ({ ...it, label: <span data-testid={`tags-${it.key}`}>{it.label}</span> })),
      onClick: ({ key: action }) => run(action as Action, key),
    }
  }

  return (
    <div
      ref={bar}
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        padding: `${token.paddingXXS}px ${token.paddingSM}px 0`,
      }}
      data-testid="tags-view"
    >
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        // onTabClick, not onChange: a click during the tab bar's scroll animation must still navigate.
        onTabClick={(key) => key !== active && navigate(key)}
        onEdit={(key, op) => op === 'remove' && run('close', String(key))}
        tabBarStyle={{ margin: 0 }}
        tabBarExtraContent={
          <Dropdown trigger={['click']} menu={menu(active)}>
            <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('tags.actions')} data-testid="tags-actions" />
          </Dropdown>
        }
        items={tabs.map((tab) => ({
          key: tab.key,
          closable: !tab.affix,
          label: (
            <Dropdown trigger={['contextMenu']} menu={menu(tab.key)}>
              <span
                data-testid="tag"
                {...{ [TAB_KEY_ATTR]: tab.key }}
                onPointerDown={tab.affix ? undefined : (e) => onPointerDown(tab.key, e)}
                style={
                  tab.affix
                    ? undefined
                    : {
                        touchAction: 'none',
                        userSelect: 'none',
                        cursor: dragging === tab.key ? 'grabbing' : undefined,
                        opacity: dragging === tab.key ? 0.6 : undefined,
                      }
                }
              >
                {tab.title}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  )
}
