// My notices: the published notices meant for me, read or not; opening one
// marks it read; read all.
import { useState } from 'react'
import { Badge, Button, Card, Form, Input, Select, Space, Typography, type TableColumnsType } from 'antd'
import { CheckOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { ListTable } from '@/components/ListTable'
import { SearchForm } from '@/components/SearchForm'
import { useListQuery } from '@/components/useListQuery'
import { DictTag } from '@/features/dict/components/DictTag'
import { formatDateTime } from '@/utils/date'
import { getMyNotices, noticeKeys, useReadAll, useUnreadCount } from '../api'
import { NoticeDetailModal } from '../components/NoticeDetailModal'
import type { MyNotice as Row, MyNoticeFilters } from '../types'

export default function MyNotice() {
  const { t } = useTranslation('notice')
  const list = useListQuery<MyNoticeFilters, Row>({
    key: noticeKeys.mine,
    fetch: getMyNotices,
    filters: { title: undefined, isRead: undefined },
  })
  const { data: unread = 0 } = useUnreadCount()
  const readAll = useReadAll()
  const [reading, setReading] = useState<number>()

  const columns: TableColumnsType<Row> = [
    {
      title: t('title'),
      dataIndex: 'title',
      render: (v: string, n) => (
        <Typography.Link onClick={() => setReading(n.id)} strong={!n.isRead} data-testid="my-notice-title">
          {v}
        </Typography.Link>
      ),
    },
    { title: t('type'), dataIndex: 'type', width: 120, render: (v) => <DictTag code="notice_type" value={v} /> },
    { title: t('level'), dataIndex: 'level', width: 90, render: (v) => <DictTag code="notice_level" value={v} /> },
    { title: t('publisher'), dataIndex: 'publisherName', width: 120 },
    { title: t('publishTime'), dataIndex: 'publishTime', width: 170, render: (v) => formatDateTime(v) },
    {
      title: t('readState'),
      dataIndex: 'isRead',
      width: 100,
      render: (v: number) => (
        <Badge status={v ? 'default' : 'processing'} text={t(v ? 'read' : 'unread')} data-testid={v ? 'notice-read' : 'notice-unread'} />
      ),
    },
    {
      title: t('list:actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, n) => (
        <Button type="link" size="small" onClick={() => setReading(n.id)} data-testid="my-notice-open">
          {t('view')}
        </Button>
      ),
    },
  ]

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-view="system/myNotice" data-testid="my-notice-list">
      <Card size="small">
        <SearchForm onSearch={list.search} onReset={list.reset}>
          <Form.Item name="title" label={t('title')}>
            <Input allowClear placeholder={t('title')} />
          </Form.Item>
          <Form.Item name="isRead" label={t('readState')}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('list:all')}
              options={[
                { value: 0, label: t('unread') },
                { value: 1, label: t('read') },
              ]}
            />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card size="small">
        <ListTable<Row>
          list={list}
          rowKey="id"
          columns={columns}
          toolbar={
            <Button
              icon={<CheckOutlined />}
              disabled={!unread}
              loading={readAll.isPending}
              data-testid="notice-read-all"
              onClick={() =>
                readAll.mutateAsync().then(
                  () => feedback.message.success(t('allRead')),
                  () => undefined, // the client showed the message
                )
              }
            >
              {t('readAll')}
            </Button>
          }
        />
      </Card>
      <NoticeDetailModal id={reading} onClose={() => setReading(undefined)} />
    </Space>
  )
}
