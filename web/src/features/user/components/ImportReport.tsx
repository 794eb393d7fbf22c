// The outcome of an import. With invalid rows: a warning that nothing was
// imported and a table of row, column, message; otherwise how many were imported.
import { Alert, Space, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ImportResult } from '../types'

export function ImportReport({ result }: { result: ImportResult }) {
  const { t } = useTranslation('access')
  if (result.invalidCount === 0) {
    return <Alert type="success" showIcon title={t('user.import.done', { count: result.importedCount })} data-testid="import-done" />
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="import-report">
      <Alert
        type="error"
        showIcon
        title={t('user.import.nothing')}
        description={t('user.import.counts', { invalid: result.invalidCount, valid: result.validCount })}
      />
      <Table
        size="small"
        rowKey={(_, i) => String(i)}
        dataSource={result.errors}
        pagination={result.errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
        columns={[
          { title: t('user.import.row'), dataIndex: 'row', width: 72, align: 'center' },
          { title: t('user.import.column'), dataIndex: 'column', width: 140 },
          { title: t('user.import.message'), dataIndex: 'message' },
        ]}
      />
    </Space>
  )
}
