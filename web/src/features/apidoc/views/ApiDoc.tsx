// API doc (system/apidoc): the server's OpenAPI description, searchable by
// path, permission, summary and parameter; each route opens to its
// parameters and the example answers.
import { useMemo, useState } from 'react'
import { Card, Descriptions, Input, Table, Tag, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { download } from '@/api/http'
import { exampleError, exampleOk, operations, search, type ApiOperation, type OpenAPIDoc } from '../lib'

const methodColor: Record<string, string> = { GET: 'blue', POST: 'green', DELETE: 'red', PUT: 'orange' }

async function fetchDoc(): Promise<OpenAPIDoc> {
  const res = await download({ method: 'get', url: '/openapi.json' })
  return JSON.parse(await res.data.text()) as OpenAPIDoc
}

export default function ApiDoc() {
  const { t, i18n } = useTranslation('apidoc')
  // The server describes the routes in the language the request asks for.
  const { data, isLoading } = useQuery({ queryKey: ['apidoc', i18n.language], queryFn: fetchDoc, staleTime: 60_000 })
  const [q, setQ] = useState('')
  const all = useMemo(() => (data ? operations(data) : []), [data])
  const rows = useMemo(() => search(all, q), [all, q])
  return (
    <Card
      data-view="system/apidoc"
      data-testid="apidoc-view"
      title={t('title')}
      extra={data?.info?.version ? `v${data.info.version}` : null}
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('search')}
        data-testid="apidoc-search"
        onChange={(e) => setQ(e.target.value)}
        style={{ maxWidth: 420, marginBottom: 12 }}
      />
      <Typography.Text type="secondary" style={{ marginLeft: 12 }} data-testid="apidoc-count">
        {t('count', { count: rows.length, total: all.length })}
      </Typography.Text>
      <Table<ApiOperation>
        data-testid="apidoc-table"
        rowKey="key"
        size="small"
        loading={isLoading}
        dataSource={rows}
        pagination={{ defaultPageSize: 50, showSizeChanger: true }}
        expandable={{ expandedRowRender: (r) => <Detail op={r} /> }}
        columns={[
          { title: t('method'), dataIndex: 'method', width: 90, render: (m: string) => <Tag color={methodColor[m]}>{m}</Tag> },
          { title: t('path'), dataIndex: 'path', render: (p: string) => <Typography.Text code>{p}</Typography.Text> },
          { title: t('summary'), dataIndex: 'summary' },
          {
            title: t('permission'),
            dataIndex: 'permission',
            render: (p: string, r) =>
              r.public ? <Tag>{t('public')}</Tag> : p ? <Typography.Text code>{p}</Typography.Text> : t('signedIn'),
          },
          { title: t('tag'), dataIndex: 'tag', width: 110 },
        ]}
      />
    </Card>
  )
}

function Detail({ op }: { op: ApiOperation }) {
  const { t } = useTranslation('apidoc')
  return (
    <Descriptions column={1} size="small" bordered data-testid="apidoc-detail">
      <Descriptions.Item label={t('params')}>
        {op.params.length
          ? op.params.map((p) => (
              <Tag key={p.in + p.name}>
                {p.name} ({t(`in.${p.in}`, { defaultValue: p.in })}
                {p.required ? `, ${t('required')}` : ''})
              </Tag>
            ))
          : t('noParams')}
      </Descriptions.Item>
      <Descriptions.Item label={t('log')}>{op.log ? t('logged') : t('notLogged')}</Descriptions.Item>
      <Descriptions.Item label={t('exampleOk')}>
        <pre style={{ margin: 0 }}>{JSON.stringify(exampleOk, null, 2)}</pre>
      </Descriptions.Item>
      <Descriptions.Item label={t('exampleError')}>
        <pre style={{ margin: 0 }}>{JSON.stringify(exampleError, null, 2)}</pre>
      </Descriptions.Item>
    </Descriptions>
  )
}
