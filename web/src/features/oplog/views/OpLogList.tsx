// The operation log: search by keywords and time, the request's parameters
// in an expandable row.
import { Card, DatePicker, Form, Input, Space, Tag, Typography, type TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { ListTable } from '@/components/ListTable'
import { SearchForm } from '@/components/SearchForm'
import { useListQuery } from '@/components/useListQuery'
import { formatDateTime } from '@/utils/date'
import { getOpLogPage, opLogKeys } from '../api'
import { formatChanges, formatParams, timeRange } from '../lib/params'
import type { OpLog, OpLogFilters } from '../types'

const methodColors: Record<string, string> = { GET: 'processing', POST: 'success', PUT: 'warning', DELETE: 'error' }

export default function OpLogList() {
  const { t } = useTranslation('oplog')
  const list = useListQuery<OpLogFilters, OpLog>({
    key: opLogKeys.page,
    fetch: getOpLogPage,
    filters: { keywords: undefined, createTime: undefined },
  })

  const columns: TableColumnsType<OpLog> = [
    { title: t('module'), dataIndex: 'moduleName', width: 110, render: (v: string, r) => v || r.module },
    { title: t('content'), dataIndex: 'content', width: 160 },
    {
      title: t('method'),
      dataIndex: 'method',
      width: 90,
      render: (v: string) => <Tag color={methodColors[v] ?? 'default'}>{v}</Tag>,
    },
    { title: t('uri'), dataIndex: 'requestUri', ellipsis: true, width: 240 },
    { title: t('ip'), dataIndex: 'ip', width: 130 },
    { title: t('browser'), dataIndex: 'browser', width: 130 },
    { title: t('os'), dataIndex: 'os', width: 120 },
    { title: t('executionTime'), dataIndex: 'executionTime', width: 100, align: 'right', render: (v: number) => `${v} ms` },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 80,
      align: 'center',
      render: (v: number) => <Tag color={v >= 200 && v < 300 ? 'success' : v >= 500 ? 'error' : 'warning'}>{v}</Tag>,
    },
    { title: t('user'), dataIndex: 'createBy', width: 110 },
    { title: t('createTime'), dataIndex: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
  ]

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-view="system/log" data-testid="oplog-list">
      <Card size="small">
        <SearchForm
          onSearch={list.search}
          onReset={list.reset}
          transform={(v) => ({ keywords: v.keywords, createTime: timeRange(v.createTime) })}
        >
          <Form.Item name="keywords" label={t('list:keywords')}>
            <Input allowClear placeholder={t('keywordsHint')} style={{ width: 220 }} data-testid="oplog-search-keywords" />
          </Form.Item>
          <Form.Item name="createTime" label={t('createTime')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card size="small">
        <ListTable<OpLog>
          list={list}
          rowKey="id"
          columns={columns}
          expandable={{
            rowExpandable: (r) => r.params.trim() !== '' || formatChanges(r.changes).length > 0,
            expandedRowRender: (r) => (
              <div data-testid="oplog-params">
                {formatChanges(r.changes).length > 0 && (
                  <div data-testid="oplog-changes">
                    <Typography.Text type="secondary">{t('changes')}</Typography.Text>
                    <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{formatChanges(r.changes).join('\n')}</pre>
                  </div>
                )}
                <Typography.Text type="secondary">{t('params')}</Typography.Text>
                <Typography.Paragraph style={{ marginBottom: 0 }}>
                  <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{formatParams(r.params)}</pre>
                </Typography.Paragraph>
              </div>
            ),
          }}
        />
      </Card>
    </Space>
  )
}
