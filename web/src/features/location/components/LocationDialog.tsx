// Add or edit a warehouse: number (the next one offered), name, address,
// keeper, phone, negative stock allowed, the shops using it, remark.
import { Col, Form, Input, Row, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useMasterDialog } from '@/features/master/api'
import type { DialogState } from '@/features/master/components/MasterList'
import { locationApi, locationCaches, locationKeys, useShopChoices } from '../api'
import type { LocationInput } from '../types'

interface Values extends Omit<LocationInput, 'allowNegative'> {
  allowNegative: boolean
}

export function LocationDialog({ state, onClose }: { state: DialogState; onClose: () => void }) {
  const { t } = useTranslation('basicData')
  const d = useMasterDialog(locationApi, locationKeys.all, locationCaches, state)
  const shops = useShopChoices()
  const r = d.record
  const initial: Partial<Values> = r
    ? {
        number: r.number,
        name: r.name,
        address: r.address,
        keeper: r.keeper,
        phone: r.phone,
        allowNegative: r.allowNegative === 1,
        remark: r.remark,
        shopIds: r.shopIds ?? [],
      }
    : { number: d.nextNumber, allowNegative: false, shopIds: [] }

  return (
    <FormDialog<Values>
      open={state.open}
      title={t(d.editing ? 'location.edit' : 'location.add')}
      loading={d.loading}
      initialValues={initial}
      onSubmit={(v) => d.submit({ ...v, allowNegative: v.allowNegative ? 1 : 0, shopIds: v.shopIds ?? [] })}
      onClose={onClose}
      width={680}
      data-testid="location-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="number"
            label={t('number')}
            rules={[{ required: true, whitespace: true, message: t('required', { field: t('number') }) }]}
          >
            <Input maxLength={32} data-testid="location-number" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t('name')}
            rules={[{ required: true, whitespace: true, message: t('required', { field: t('name') }) }]}
          >
            <Input maxLength={100} data-testid="location-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="keeper" label={t('location.keeper')}>
            <Input maxLength={100} data-testid="location-keeper" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={t('phone')}>
            <Input maxLength={30} data-testid="location-phone" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="address" label={t('address')}>
            <Input maxLength={200} data-testid="location-address" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="shopIds" label={t('location.shops')} extra={t('location.shopsHint')}>
            <Select
              mode="multiple"
              allowClear
              loading={shops.isLoading}
              options={shops.data ?? []}
              optionFilterProp="label"
              data-testid="location-shops"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="allowNegative" label={t('location.allowNegative')} valuePropName="checked">
            <Switch data-testid="location-allow-negative" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea maxLength={500} rows={2} data-testid="location-remark" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  )
}
