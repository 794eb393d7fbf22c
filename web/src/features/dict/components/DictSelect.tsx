// A select of a dictionary's enabled items (values as the dictionary keeps
// them: text). For numeric fields pass numeric to get numbers back.
import { Select, type SelectProps } from 'antd'
import { useDictItems } from '../cache'

interface DictSelectProps extends Omit<SelectProps, 'options'> {
  code: string
  numeric?: boolean
}

export function DictSelect({ code, numeric, value, onChange, ...rest }: DictSelectProps) {
  const { data = [], isLoading } = useDictItems(code)
  const options = data.map((i) => ({ value: numeric ? Number(i.value) : i.value, label: i.label }))
  return <Select loading={isLoading} options={options} value={value} onChange={onChange} allowClear {...rest} />
}
