// System parameters (settings/parameter): one form in groups; the server
// checks every value and its field errors show on the fields. The closing
// date is set by closing periods, not here.
import { useState, type ReactNode } from 'react'
import { Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Skeleton, Space, Switch, Typography } from 'antd'
import { SaveOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { Auth } from '@/components/Auth'
import { submitWithFieldErrors } from '@/features/profile/lib/submitWithFieldErrors'
import { can } from '@/stores/permission'
import { useCache } from '@/features/cache/api'
import { pickFilter, pickOptions } from '@/features/cache/pick'
import { useSaveSystemParams, useSystemParams } from '../api'
import { flags, groups, places, toInput, type Key } from '../lib/params'
import type { SystemParams } from '../types'

export default function SystemParameters() {
  const { t } = useTranslation('sysconf')
  const { data, isLoading } = useSystemParams()
  const save = useSaveSystemParams()
  const [form] = Form.useForm<SystemParams>()
  const [saving, setSaving] = useState(false)
  const editable = can('settings:parameter:update')
  const warehouses = useCache('warehouses')

  const submit = async (v: SystemParams) => {
    setSaving(true)
    if (await submitWithFieldErrors(form, () => save.mutateAsync(toInput(v)))) feedback.message.success(t('saved'))
    setSaving(false)
  }

  const field = (k: Key): ReactNode => {
    const label = t(`param.${k}`)
    const testid = `param-${k}`
    if (flags.has(k)) {
      return (
        <Form.Item
          key={k}
          name={k}
          label={label}
          tooltip={t(`hint.${k}`, { defaultValue: '' }) || undefined}
          valuePropName="checked"
          getValueProps={(v) => ({ checked: v === 1 })}
          normalize={(c: boolean) => (c ? 1 : 0)}
        >
          <Switch data-testid={testid} />
        </Form.Item>
      )
    }
    if (places.has(k)) {
      return (
        <Form.Item
          key={k}
          name={k}
          label={label}
          extra={t('placesHint')}
          rules={[{ required: true, message: t('required', { field: label }) }]}
        >
          <InputNumber precision={0} style={{ width: 160 }} data-testid={testid} />
        </Form.Item>
      )
    }
    if (k === 'valMethods') {
      return (
        <Form.Item key={k} name={k} label={label}>
          <Radio.Group
            options={[
              { value: 'movingAverage', label: t('valMethods.movingAverage') },
              { value: 'fifo', label: t('valMethods.fifo') },
            ]}
          />
        </Form.Item>
      )
    }
    if (k === 'defaultLocationId') {
      return (
        <Form.Item
          key={k}
          name={k}
          label={label}
          tooltip={t('hint.defaultLocationId')}
          // 0 is "none": the placeholder shows, never a bare "0"; clearing sends 0 back
          getValueProps={(v) => ({ value: Number(v) > 0 ? Number(v) : undefined })}
          normalize={(v?: number) => v ?? 0}
        >
          <Select
            allowClear
            showSearch={{ filterOption: pickFilter }}
            style={{ width: 240 }}
            options={pickOptions(warehouses.list)}
            placeholder={t('firstWarehouse')}
            data-testid={testid}
          />
        </Form.Item>
      )
    }
    if (k === 'taxRequiredInput') {
      return (
        <Form.Item key={k} name={k} label={label} rules={[{ required: true, message: t('required', { field: label }) }]}>
          <InputNumber style={{ width: 160 }} suffix="%" stringMode data-testid={testid} />
        </Form.Item>
      )
    }
    const required = k === 'companyName' || k === 'startDate' || k === 'currency'
    return (
      <Form.Item
        key={k}
        name={k}
        label={label}
        rules={[
          ...(required ? [{ required: true, whitespace: true, message: t('required', { field: label }) }] : []),
          ...(k === 'startDate' ? [{ pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('dateFormat') }] : []),
        ]}
      >
        <Input placeholder={k === 'startDate' ? 'YYYY-MM-DD' : undefined} data-testid={testid} />
      </Form.Item>
    )
  }

  if (isLoading || !data) {
    return (
      <Card data-view="settings/parameter" data-testid="parameters">
        <Skeleton active />
      </Card>
    )
  }

  return (
    <Card data-view="settings/parameter" data-testid="parameters">
      <Form<SystemParams> form={form} layout="vertical" initialValues={data} onFinish={submit} disabled={!editable} scrollToFirstError>
        <Row gutter={[24, 0]}>
          {groups.map((g) => (
            <Col key={g.key} xs={24} xl={g.key === 'company' ? 24 : 12}>
              <Typography.Title level={5}>{t(`groups.${g.key}`)}</Typography.Title>
              <Row gutter={16}>
                {g.fields.map((k) => (
                  <Col key={k} xs={24} sm={12} lg={g.key === 'company' ? 6 : 12}>
                    {field(k)}
                  </Col>
                ))}
              </Row>
            </Col>
          ))}
          <Col xs={24} xl={12}>
            <Typography.Title level={5}>{t('groups.period')}</Typography.Title>
            <Form.Item label={t('param.closeDate')} extra={t('closeDateHint')}>
              <Typography.Text data-testid="param-closeDate">{data.closeDate || t('notClosed')}</Typography.Text>
            </Form.Item>
          </Col>
        </Row>
        <Auth perm="settings:parameter:update">
          <Space>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="parameters-save">
              {t('list:save')}
            </Button>
            <Button htmlType="button" onClick={() => form.resetFields()}>
              {t('list:reset')}
            </Button>
          </Space>
        </Auth>
      </Form>
    </Card>
  )
}
