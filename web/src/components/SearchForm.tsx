// SearchForm: the filter row above a list. Children are antd Form.Items
// (name = the filter's key); Enter in any field or the Search button calls
// onSearch with the values normalised for the API: strings trimmed, '' →
// undefined, dates (dayjs) → 'YYYY-MM-DD', date ranges → [start, end].
// Reset clears the fields and calls onReset. Pair it with useListQuery:
//
//   <SearchForm onSearch={list.search} onReset={list.reset} initialValues={{ status: undefined }}>
//     <Form.Item name="keywords" label={t('keywords')}><Input allowClear /></Form.Item>
//   </SearchForm>
//
// `transform` maps the normalised values before onSearch (e.g. a range to two keys).
import type { ReactNode } from 'react'
import { Button, Form, Space } from 'antd'
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

type Values = Record<string, unknown>

interface SearchFormProps {
  children: ReactNode
  onSearch: (values: Values) => void
  onReset?: () => void
  initialValues?: Values
  transform?: (values: Values) => Values
  /** buttons after Search/Reset */
  extra?: ReactNode
  'data-testid'?: string
}

interface DayLike {
  format: (f: string) => string
  isValid: () => boolean
}

const isDay = (v: unknown): v is DayLike =>
  !!v && typeof v === 'object' && typeof (v as DayLike).format === 'function' && typeof (v as DayLike).isValid === 'function'

function normalise(v: unknown): unknown {
  if (typeof v === 'string') {
    const s = v.trim()
    return s === '' ? undefined : s
  }
  if (isDay(v)) return v.isValid() ? v.format('YYYY-MM-DD') : undefined
  if (Array.isArray(v)) {
    const out = v.map(normalise).filter((x) => x !== undefined)
    return out.length ? out : undefined
  }
  return v === null ? undefined : v
}

/** The form values as the API wants them (see the file comment). */
export function normaliseFilters(values: Values): Values {
  const out: Values = {}
  for (const [k, v] of Object.entries(values)) out[k] = normalise(v)
  return out
}

export function SearchForm({ children, onSearch, onReset, initialValues, transform, extra, ...rest }: SearchFormProps) {
  const { t } = useTranslation('list')
  const [form] = Form.useForm()
  const submit = (values: Values) => {
    const v = normaliseFilters(values)
    onSearch(transform ? transform(v) : v)
  }
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={initialValues}
      onFinish={submit}
      data-testid={rest['data-testid'] ?? 'search-form'}
      style={{ rowGap: 'var(--ant-margin-sm, 12px)' }}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
            {t('search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            data-testid="search-reset"
            onClick={() => {
              form.resetFields()
              onReset?.()
            }}
          >
            {t('reset')}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  )
}
