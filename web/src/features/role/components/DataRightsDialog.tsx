// Data rights (数据权限) of a role or a user: the warehouses, customers and
// suppliers it may see and use (all, or the ones picked), and whether it
// sees only the documents it made. A user may follow its roles instead.
// The server enforces them in every list, document, stock query, report
// and export (docs/rights.md).
import { Form, Select, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useCache } from '@/features/cache/api'
import { pickFilter, pickOptions } from '@/features/cache/pick'
import type { CacheName } from '@/features/cache/types'
import { useDataRights, useSaveDataRights } from '../api'
import type { DataRights, DataRightsSubject } from '../types'

const SCOPES = [
  { all: 'allWarehouses', ids: 'warehouseIds', cache: 'warehouses', label: 'warehouses' },
  { all: 'allCustomers', ids: 'customerIds', cache: 'customers', label: 'customers' },
  { all: 'allSuppliers', ids: 'supplierIds', cache: 'suppliers', label: 'suppliers' },
] as const

/** One kind: an "all" switch, and the records allowed when it is off. */
function Scope({ all, ids, cache, label, locked }: (typeof SCOPES)[number] & { locked: boolean }) {
  const { t } = useTranslation('access')
  const records = useCache(cache as CacheName)
  const isAll = Form.useWatch<boolean>(all)
  return (
    <Form.Item label={t(`dataRights.${label}`)} style={{ marginBottom: 12 }}>
      <Form.Item name={all} valuePropName="checked" noStyle>
        <Switch
          disabled={locked}
          checkedChildren={t('dataRights.all')}
          unCheckedChildren={t('dataRights.listed')}
          data-testid={`rights-${all}`}
        />
      </Form.Item>
      <Form.Item name={ids} style={{ marginTop: 8, marginBottom: 0 }} hidden={isAll}>
        <Select
          mode="multiple"
          allowClear
          disabled={locked}
          loading={records.isLoading}
          filterOption={pickFilter}
          placeholder={t('dataRights.none')}
          options={pickOptions(records.list)}
          data-testid={`rights-${ids}`}
        />
      </Form.Item>
    </Form.Item>
  )
}

export function DataRightsDialog({ subject, onClose }: { subject: DataRightsSubject | null; onClose: () => void }) {
  const { t } = useTranslation('access')
  const rights = useDataRights(subject)
  const save = useSaveDataRights()
  const [form] = Form.useForm<DataRights>()
  const inherit = Form.useWatch('inherit', form)
  const isUser = !!subject && 'userId' in subject
  const locked = isUser && !!inherit
  return (
    <FormDialog<DataRights>
      open={!!subject}
      form={form}
      width={640}
      labelCol={{ flex: '120px' }}
      title={t('dataRights.title', { name: subject?.name ?? '' })}
      loading={rights.isLoading}
      initialValues={rights.data}
      onSubmit={(v) => save.mutateAsync({ ...rights.data!, ...v })}
      onClose={onClose}
      data-testid="data-rights-dialog"
    >
      <Typography.Paragraph type="secondary">{t('dataRights.hint')}</Typography.Paragraph>
      {isUser && (
        <Form.Item name="inherit" label={t('dataRights.inherit')} valuePropName="checked" extra={t('dataRights.inheritHint')}>
          <Switch data-testid="rights-inherit" />
        </Form.Item>
      )}
      {SCOPES.map((s) => (
        <Scope key={s.all} {...s} locked={locked} />
      ))}
      <Form.Item name="ownDocuments" label={t('dataRights.ownDocuments')} valuePropName="checked" extra={t('dataRights.ownHint')}>
        <Switch disabled={locked} data-testid="rights-ownDocuments" />
      </Form.Item>
    </FormDialog>
  )
}
