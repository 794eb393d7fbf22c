// The documents' custom fields (features/customField), a row of the header
// below the kind's own fields: edited in the page's state (header.custom),
// read-only once audited, errors from the page's checks and the server.
import { Col, Form, Row, theme } from 'antd'
import { CustomInput } from '@/features/customField/components/CustomInput'
import type { CustomField, CustomValues } from '@/features/customField/types'
import type { FamilyPartProps } from '../families/types'

export function CustomHeader({
  fields,
  values,
  readOnly,
  onChange,
  fieldErr,
}: {
  fields: CustomField[]
  values: CustomValues | undefined
  readOnly: boolean
  onChange: (code: string, v: string | number) => void
  fieldErr: FamilyPartProps['fieldErr']
}) {
  const { token } = theme.useToken()
  if (!fields.length) return null
  return (
    <Form layout="vertical" disabled={readOnly} data-testid="doc-custom">
      <Row gutter={token.marginSM}>
        {fields.map((f) => (
          <Col key={f.code} xs={12} sm={6} md={4}>
            <Form.Item label={f.label} required={f.required === 1 && f.type !== 'bool'} {...fieldErr(`custom.${f.code}`)}>
              <CustomInput field={f} value={values?.[f.code]} disabled={readOnly} onChange={(v) => onChange(f.code, v)} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form>
  )
}
