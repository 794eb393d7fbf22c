// Add or edit an item of a dictionary, with a preview of its tag.
import { Form, Input, InputNumber, Radio, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useSaveDictItem } from '../api'
import { TAG_TYPES, type DictItem, type DictItemInput } from '../types'
import { TypedTag } from './DictTag'
import { statusOptions } from '@/components/statusOptions'

interface Props {
  open: boolean
  code: string
  item?: DictItem
  onClose: () => void
}

export function DictItemFormDialog({ open, code, item, onClose }: Props) {
  const { t } = useTranslation('dict')
  const save = useSaveDictItem(code)
  const [form] = Form.useForm<DictItemInput>()
  const label = Form.useWatch('label', form)
  const tagType = Form.useWatch('tagType', form)
  return (
    <FormDialog<DictItemInput>
      open={open}
      form={form}
      title={t(item ? 'editItem' : 'addItem')}
      initialValues={
        item
          ? {
              value: item.value,
              label: item.label,
              labelEn: item.labelEn,
              tagType: item.tagType,
              status: item.status,
              sort: item.sort,
              remark: item.remark,
            }
          : { tagType: '', status: 1, sort: 1 }
      }
      onClose={onClose}
      onSubmit={(v) =>
        save.mutateAsync({
          id: item?.id,
          input: { ...v, labelEn: v.labelEn ?? '', tagType: v.tagType ?? '', sort: v.sort ?? 0, remark: v.remark ?? '' },
        })
      }
      data-testid="dict-item-form"
    >
      <Form.Item name="label" label={t('label')} rules={[{ required: true, whitespace: true, message: t('labelRequired') }]}>
        <Input maxLength={100} data-testid="dict-item-label" />
      </Form.Item>
      <Form.Item name="labelEn" label={t('labelEn')}>
        <Input maxLength={100} data-testid="dict-item-label-en" />
      </Form.Item>
      <Form.Item name="value" label={t('value')} rules={[{ required: true, whitespace: true, message: t('valueRequired') }]}>
        <Input maxLength={50} data-testid="dict-item-value" />
      </Form.Item>
      <Form.Item label={t('tagType')}>
        <Form.Item name="tagType" noStyle>
          <Select
            style={{ width: 180, marginInlineEnd: 12 }}
            data-testid="dict-item-tag-type"
            options={TAG_TYPES.map((tt) => ({
              value: tt,
              label: <TypedTag type={tt}>{t(`tagTypes.${tt || 'none'}`)}</TypedTag>,
            }))}
          />
        </Form.Item>
        <span data-testid="dict-item-preview">
          <TypedTag type={tagType}>{label || t('previewText')}</TypedTag>
        </span>
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <Radio.Group options={statusOptions(t)} />
      </Form.Item>
      <Form.Item name="sort" label={t('sort')}>
        <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea rows={2} maxLength={255} />
      </Form.Item>
    </FormDialog>
  )
}
