// Add or edit a shop.
import { Form, Input, InputNumber, Radio } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useSaveShop, useShopForm } from '../api'
import type { ShopForm } from '../types'
import { statusOptions } from '@/components/statusOptions'

const blank: Partial<ShopForm> = { status: 1, sort: 0 }

export function ShopFormDialog({ open, id, onClose }: { open: boolean; id?: number; onClose: () => void }) {
  const { t } = useTranslation('shop')
  const form = useShopForm(open ? id : undefined)
  const save = useSaveShop()
  return (
    <FormDialog<ShopForm>
      open={open}
      title={t(id ? 'edit' : 'add')}
      loading={!!id && form.isLoading}
      initialValues={id ? form.data : blank}
      onClose={onClose}
      onSubmit={(v) =>
        save.mutateAsync({
          id,
          input: {
            code: v.code,
            name: v.name,
            address: v.address ?? '',
            phone: v.phone ?? '',
            status: v.status,
            sort: v.sort ?? 0,
            remark: v.remark ?? '',
          },
        })
      }
      data-testid="shop-form"
    >
      <Form.Item name="code" label={t('code')} rules={[{ required: true, whitespace: true, message: t('codeRequired') }]}>
        <Input maxLength={20} data-testid="shop-code" />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}>
        <Input maxLength={50} data-testid="shop-name" />
      </Form.Item>
      <Form.Item name="address" label={t('address')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="phone" label={t('phone')}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <Radio.Group options={statusOptions(t)} />
      </Form.Item>
      <Form.Item name="sort" label={t('sort')}>
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormDialog>
  )
}
