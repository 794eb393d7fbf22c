// Add or edit a config key. Built-in keys (system parameters) change only
// their value and remark.
import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useConfigForm, useSaveConfig } from '../api'
import type { ConfigForm } from '../types'

export function ConfigFormDialog({ open, id, onClose }: { open: boolean; id?: number; onClose: () => void }) {
  const { t } = useTranslation('sysconf')
  const form = useConfigForm(open ? id : undefined)
  const save = useSaveConfig()
  const builtin = form.data?.builtin === 1
  return (
    <FormDialog<ConfigForm>
      open={open}
      title={t(id ? 'edit' : 'add')}
      loading={!!id && form.isLoading}
      initialValues={id ? form.data : { configValue: '', remark: '' }}
      onClose={onClose}
      onSubmit={(v) =>
        save.mutateAsync({
          id,
          input: { configName: v.configName, configKey: v.configKey, configValue: v.configValue ?? '', remark: v.remark ?? '' },
        })
      }
      data-testid="config-form"
    >
      <Form.Item name="configName" label={t('configName')} rules={[{ required: true, whitespace: true, message: t('configNameRequired') }]}>
        <Input maxLength={50} disabled={builtin} data-testid="config-name" />
      </Form.Item>
      <Form.Item
        name="configKey"
        label={t('configKey')}
        rules={[
          { required: true, whitespace: true, message: t('configKeyRequired') },
          { pattern: /^[A-Za-z][A-Za-z0-9_.]*$/, message: t('configKeyFormat') },
        ]}
      >
        <Input maxLength={100} disabled={builtin} data-testid="config-key" />
      </Form.Item>
      <Form.Item name="configValue" label={t('configValue')}>
        <Input.TextArea rows={3} maxLength={2000} data-testid="config-value" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormDialog>
  )
}
