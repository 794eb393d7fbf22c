// The bell in the header: the caller's unread notices (capped at 99+),
// refreshed every minute and after reading; its dropdown lists the latest
// unread ones and links to My notices.
import { useState } from 'react'
import { Badge, Button, Dropdown, Empty, Flex, List, theme, Typography } from 'antd'
import { BellOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { DictTag } from '@/features/dict/components/DictTag'
import { formatDateTime } from '@/utils/date'
import { useLatestUnread, useUnreadCount } from '../api'
import { unreadBadge } from '../lib/badge'
import { NoticeDetailModal } from './NoticeDetailModal'

export const MY_NOTICES_PATH = '/myNotice'

export function NoticeBadge() {
  const { t } = useTranslation('notice')
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [reading, setReading] = useState<number>()
  const { data: count = 0 } = useUnreadCount()
  const latest = useLatestUnread(open)
  const text = unreadBadge(count)

  const panel = (
    <div
      data-testid="notice-dropdown"
      style={{
        width: 340,
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        padding: token.paddingSM,
      }}
    >
      <Flex justify="space-between" align="center" style={{ paddingInline: token.paddingXS, marginBottom: token.marginXS }}>
        <Typography.Text strong>{t('unreadTitle', { count })}</Typography.Text>
      </Flex>
      {latest.data?.list.length ? (
        <List
          size="small"
          loading={latest.isFetching}
          dataSource={latest.data.list}
          renderItem={(n) => (
            <List.Item
              key={n.id}
              style={{ cursor: 'pointer' }}
              data-testid="notice-dropdown-item"
              onClick={() => {
                setOpen(false)
                setReading(n.id)
              }}
            >
              <List.Item.Meta
                title={
                  <Flex gap="small" align="center">
                    <DictTag code="notice_level" value={n.level} />
                    <Typography.Text ellipsis style={{ flex: 1 }}>
                      {n.title}
                    </Typography.Text>
                  </Flex>
                }
                description={formatDateTime(n.publishTime)}
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={latest.isFetching ? t('loading') : t('noUnread')} />
      )}
      <Button
        type="link"
        block
        data-testid="notice-dropdown-all"
        onClick={() => {
          setOpen(false)
          navigate(MY_NOTICES_PATH)
        }}
      >
        {t('viewAll')}
      </Button>
    </div>
  )

  return (
    <>
      <Dropdown open={open} onOpenChange={setOpen} trigger={['click']} popupRender={() => panel} placement="bottomRight">
        <Button type="text" aria-label={t('myNotices')} data-testid="notice-badge" data-count={count}>
          <Badge count={text || 0} size="small">
            <BellOutlined style={{ fontSize: token.fontSizeLG }} />
          </Badge>
        </Button>
      </Dropdown>
      <NoticeDetailModal id={reading} onClose={() => setReading(undefined)} />
    </>
  )
}
