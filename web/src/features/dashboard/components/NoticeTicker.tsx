// The dashboard's notice ticker: one line with the latest published notices
// meant for the user, stepping from one to the next while there are several;
// it holds still under the pointer or keyboard focus, and a click (or Enter)
// opens the notice. Hidden when there is none; with reduced motion it shows
// the latest only and never moves.
import { useEffect, useRef, useState } from 'react'
import { Card, Flex, Typography, theme } from 'antd'
import { NotificationOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useReducedMotion } from '@/app/useMediaQuery'
import { useLatestNotices } from '@/features/notice/api'
import { NoticeDetailModal } from '@/features/notice/components/NoticeDetailModal'
import { formatDate } from '@/utils/date'
import { nextTick, TICKER_MS, TICKER_SIZE, tickerItems, tickerRuns } from '../lib/ticker'

export function NoticeTicker() {
  const { t } = useTranslation('dashboard')
  const { token } = theme.useToken()
  const reduced = useReducedMotion()
  const latest = useLatestNotices(TICKER_SIZE)
  const items = tickerItems(latest.data?.list, reduced)
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [reading, setReading] = useState<number>()
  const runs = tickerRuns(items.length, hovered || focused || reading !== undefined)
  const at = index < items.length ? index : 0

  useEffect(() => {
    if (!runs) return
    const timer = window.setInterval(() => setIndex((i) => nextTick(i, items.length)), TICKER_MS)
    return () => window.clearInterval(timer)
  }, [runs, items.length])

  // each notice comes up from below (the Web Animations API; none with reduced motion)
  const line = useRef<HTMLDivElement>(null)
  const shown = items[at]?.id
  const first = useRef(true)
  useEffect(() => {
    if (first.current || reduced) {
      first.current = false
      return
    }
    line.current?.animate?.(
      [
        { transform: 'translateY(100%)', opacity: 0 },
        { transform: 'none', opacity: 1 },
      ],
      { duration: token.motionDurationSlow ? parseFloat(token.motionDurationSlow) * 1000 : 300, easing: 'ease-out' },
    )
  }, [shown, reduced, token.motionDurationSlow])

  if (!items.length) return null
  const n = items[at]
  return (
    <Card size="small" data-testid="dashboard-ticker" styles={{ body: { padding: `${token.paddingXS}px ${token.paddingSM}px` } }}>
      <Flex align="center" gap="small" onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
        <NotificationOutlined style={{ color: token.colorPrimary }} aria-hidden />
        <Typography.Text type="secondary" style={{ flex: 'none' }}>
          {t('ticker.title')}
        </Typography.Text>
        <div style={{ overflow: 'hidden', flex: 1, minWidth: 0 }} aria-live={runs ? 'off' : 'polite'}>
          <div
            ref={line}
            role="link"
            tabIndex={0}
            data-testid="dashboard-ticker-item"
            data-id={n.id}
            onClick={() => setReading(n.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault()
                setReading(n.id)
              }
            }}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            style={{ cursor: 'pointer', display: 'flex', gap: token.marginXS, alignItems: 'baseline' }}
          >
            <Typography.Text ellipsis strong={!n.isRead} style={{ flex: 1, minWidth: 0 }} title={n.title}>
              {n.title}
            </Typography.Text>
            {n.publishTime && (
              <Typography.Text type="secondary" style={{ flex: 'none', fontSize: token.fontSizeSM }}>
                {formatDate(n.publishTime)}
              </Typography.Text>
            )}
          </div>
        </div>
        {items.length > 1 && (
          <Typography.Text type="secondary" style={{ flex: 'none', fontSize: token.fontSizeSM }} data-testid="dashboard-ticker-count">
            {t('ticker.position', { at: at + 1, count: items.length })}
          </Typography.Text>
        )}
      </Flex>
      <NoticeDetailModal id={reading} onClose={() => setReading(undefined)} />
    </Card>
  )
}
