// The goods dialog's basic tab: number (with "next number"), name, spec,
// barcode, category, unit (one stand-alone unit or a unit group), default
// warehouse, serial numbers, shelf life, remark.
import { Button, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Tooltip, type FormInstance } from 'antd'
import { NumberOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { CategoryTreeSelect } from '@/features/assist/components/CategoryTreeSelect'
import { goodsApi } from '../api'
import { unitRows, type GoodsValues } from '../lib/goodsForm'
import type { GoodsRefs } from '../lib/useGoodsRefs'
import { CustomFieldItems } from '@/features/customField/components/CustomFieldItems'
import type { CustomField } from '@/features/customField/types'

/** Enter in a barcode field (a scanner's last key) must not submit the dialog. */
export const noSubmitOnEnter = (e: React.KeyboardEvent) => {
  if (e.key === 'Enter') e.preventDefault()
}

export function BasicTab({
  form,
  refs,
  customFields = [],
}: {
  form: FormInstance<GoodsValues>
  refs: GoodsRefs
  customFields?: CustomField[]
}) {
  const { t } = useTranslation('goods')
  const multiUnit = Form.useWatch('multiUnit', { form, preserve: true })
  const warranty = Form.useWatch('isWarranty', { form, preserve: true })
  const required = (field: string) => [{ required: true, whitespace: true, message: t('required', { field }) }]

  const nextNumber = async () => {
    const n = await goodsApi.nextNumber().catch(() => '')
    if (n) form.setFields([{ name: 'number', value: n, errors: [] }])
  }
  const pickGroup = (id: number | undefined) => {
    const group = refs.unitGroups.find((g) => g.id === id)
    form.setFieldValue('units', unitRows(group, form.getFieldValue('units') ?? []))
  }

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={t('number')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="number" noStyle rules={[...required(t('number')), { max: 32 }]}>
              <Input maxLength={32} autoComplete="off" data-testid="goods-number" />
            </Form.Item>
            <Tooltip title={t('nextNumber')}>
              <Button
                icon={<NumberOutlined />}
                onClick={() => void nextNumber()}
                data-testid="goods-next-number"
                aria-label={t('nextNumber')}
              />
            </Tooltip>
          </Space.Compact>
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="name" label={t('name')} rules={[...required(t('name')), { max: 100 }]}>
          <Input maxLength={100} autoComplete="off" data-testid="goods-name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="spec" label={t('spec')} rules={[{ max: 100 }]}>
          <Input maxLength={100} data-testid="goods-spec" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="barCode" label={t('barCode')} rules={[{ max: 64 }]}>
          <Input maxLength={64} autoComplete="off" onKeyDown={noSubmitOnEnter} data-testid="goods-barcode" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="categoryId" label={t('category')}>
          <CategoryTreeSelect typeNumber="trade" allowClear data-testid="goods-category" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="locationId" label={t('defaultWarehouse')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={refs.warehouses.filter((w) => !w.disable).map((w) => ({ value: w.id, label: w.name }))}
            data-testid="goods-location"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="multiUnit" label={t('unitMode')}>
          <Radio.Group
            options={[
              { value: false, label: t('singleUnit') },
              { value: true, label: t('multiUnit') },
            ]}
            data-testid="goods-unit-mode"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        {multiUnit ? (
          <Form.Item
            name="unitTypeId"
            label={t('unitGroup')}
            rules={[{ required: true, message: t('requiredPick', { field: t('unitGroup') }) }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={refs.unitGroups.map((g) => ({
                value: g.id,
                label: `${g.name}${g.units?.length ? ` (${g.units.map((u) => u.name).join('/')})` : ''}`,
              }))}
              onChange={pickGroup}
              data-testid="goods-unit-group"
            />
          </Form.Item>
        ) : (
          <Form.Item name="unitId" label={t('unit')} rules={[{ required: true, message: t('requiredPick', { field: t('unit') }) }]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={refs.singleUnits.filter((u) => !u.disable).map((u) => ({ value: u.id, label: u.name }))}
              data-testid="goods-unit"
            />
          </Form.Item>
        )}
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('tracking')}>
          <Space wrap>
            <Form.Item name="isSerNum" valuePropName="checked" noStyle>
              <Checkbox data-testid="goods-sernum">{t('isSerNum')}</Checkbox>
            </Form.Item>
            <Form.Item name="isWarranty" valuePropName="checked" noStyle>
              <Checkbox data-testid="goods-warranty">{t('isWarranty')}</Checkbox>
            </Form.Item>
          </Space>
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        {warranty && (
          <Row gutter={8}>
            <Col span={12}>
              <Form.Item
                name="safeDays"
                label={t('safeDays')}
                rules={[
                  { required: true, message: t('required', { field: t('safeDays') }) },
                  { type: 'integer', min: 0, max: 36500, message: t('daysRange') },
                ]}
              >
                <InputNumber min={0} max={36500} precision={0} suffix={t('days')} style={{ width: '100%' }} data-testid="goods-safe-days" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="advanceDay"
                label={t('advanceDay')}
                rules={[{ type: 'integer', min: 0, max: 36500, message: t('daysRange') }]}
              >
                <InputNumber
                  min={0}
                  max={36500}
                  precision={0}
                  suffix={t('days')}
                  style={{ width: '100%' }}
                  data-testid="goods-advance-day"
                />
              </Form.Item>
            </Col>
          </Row>
        )}
      </Col>
      <Col xs={24}>
        <Form.Item name="remark" label={t('remark')} rules={[{ max: 500 }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} data-testid="goods-remark" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <CustomFieldItems fields={customFields} />
      </Col>
    </Row>
  )
}
