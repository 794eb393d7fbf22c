// The template editor's line columns: every column with a box to print it,
// in print order; up and down buttons (or dragging a row) move a column.
// The value is the chosen columns in their order (what the template saves).
import { useState } from 'react'
import { Button, Checkbox, Space, theme } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { chosenInOrder, editorOrder, moveColumn } from '../lib/columns'

export interface ColumnOrderProps {
  all: readonly string[]
  value?: string[]
  onChange?: (v: string[]) => void
}

export function ColumnOrder({ all, value = [], onChange }: ColumnOrderProps) {
  const { t } = useTranslation('settings')
  const { token } = theme.useToken()
  const [order, setOrder] = useState(() => editorOrder(value, all))
  const [dragged, setDragged] = useState<number | null>(null)
  const move = (from: number, to: number) => {
    const next = moveColumn(order, from, to)
    setOrder(next)
    onChange?.(chosenInOrder(next, value))
  }
  const toggle = (c: string, on: boolean) => {
    const chosen = on ? [...value, c] : value.filter((x) => x !== c)
    onChange?.(chosenInOrder(order, chosen))
  }
  return (
    <div data-testid="printtpl-columns" role="list">
      {order.map((c, i) => (
        <div
          key={c}
          role="listitem"
          draggable
          onDragStart={(e) => {
            setDragged(i)
            e.dataTransfer.effectAllowed = 'move'
          }}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault()
            if (dragged !== null) move(dragged, i)
            setDragged(null)
          }}
          onDragEnd={() => setDragged(null)}
          data-testid={`printtpl-col-${c}`}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: token.marginXS,
            padding: `2px ${token.paddingXS}px`,
            borderRadius: token.borderRadiusSM,
            background: dragged === i ? token.colorFillSecondary : undefined,
          }}
        >
          <HolderOutlined style={{ cursor: 'grab', color: token.colorTextTertiary }} aria-hidden />
          <Checkbox checked={value.includes(c)} onChange={(e) => toggle(c, e.target.checked)} style={{ flex: 1 }}>
            {t(`printtpl.cols.${c}`)}
          </Checkbox>
          <Space size={2}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
              aria-label={t('printtpl.moveUp', { name: t(`printtpl.cols.${c}`) })}
              data-testid={`printtpl-up-${c}`}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={i === order.length - 1}
              onClick={() => move(i, i + 1)}
              aria-label={t('printtpl.moveDown', { name: t(`printtpl.cols.${c}`) })}
              data-testid={`printtpl-down-${c}`}
            />
          </Space>
        </div>
      ))}
    </div>
  )
}
