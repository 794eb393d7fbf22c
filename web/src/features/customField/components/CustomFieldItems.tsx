// The custom fields of a target in a dialog's form, under custom.<code>, with
// the checks the server makes (required, number, choice, length) shown as
// the user types. Renders nothing when the target has no enabled fields.
import { Col, Divider, Form, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { customProblem } from '../lib/values'
import type { CustomField } from '../types'
import { CustomInput } from './CustomInput'
import '../catalogue'

export function CustomFieldItems({ fields, columns = 2 }: { fields: CustomField[]; columns?: 1 | 2 | 3 }) {
  const { t } = useTranslation('customField')
  if (!fields.length) return null
  return (
    <div data-testid="custom-fields">
      <Divider titlePlacement="start" plain>
        {t('section')}
      </Divider>
      <Row gutter={16}>
        {fields.map((f) => (
          <Col key={f.code} span={24 / columns}>
            <Form.Item
              name={['custom', f.code]}
              label={f.label}
              required={f.required === 1 && f.type !== 'bool'}
              rules={[
                {
                  validator: (_, v) => {
                    const p = customProblem(f, v)
                    return p ? Promise.reject(new Error(t(`err.${p}`, { field: f.label }))) : Promise.resolve()
                  },
                },
              ]}
            >
              <CustomInput field={f} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </div>
  )
}
