// Add or edit a settlement account: number, name, cash or bank, bank
// account number (bank), opening balance and its date (default: the
// system's start date), remark.
import { Col, DatePicker, Form, Input, InputNumber, Radio, Row } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { useSystemInfo } from '@/features/auth/api'
import { useMasterDialog } from '@/features/master/api'
import type { DialogState } from '@/features/master/components/MasterList'
import { accountApi, accountCaches, accountKeys } from '../api'
import { fromAccount, toAccountInput, type AccountValues } from '../lib/form'
import { BANK, CASH } from '../types'

export function AccountDialog({ state, onClose }: { state: DialogState; onClose: () => void }) {
  const { t } = useTranslation('basicData')
  const d = useMasterDialog(accountApi, accountKeys.all, accountCaches, state)
  const info = useSystemInfo()
  const places = info.data?.amountPlaces ?? 2
  const base: AccountValues = d.record
    ? fromAccount(d.record)
    : { number: d.nextNumber, name: '', type: CASH, amount: '0', date: info.data?.startDate || undefined }
  const initial = { ...base, date: typeof base.date === 'string' && base.date ? dayjs(base.date) : undefined }
  const [form] = Form.useForm<AccountValues>()
  const type = Form.useWatch('type', form)

  return (
    <FormDialog<AccountValues>
      open={state.open}
      title={t(d.editing ? 'account.edit' : 'account.add')}
      loading={d.loading}
      form={form}
      initialValues={initial}
      onSubmit={(v) => d.submit(toAccountInput(v))}
      onClose={onClose}
      width={680}
      labelCol={{ flex: '110px' }}
      data-testid="account-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="number"
            label={t('number')}
            rules={[{ required: true, whitespace: true, message: t('required', { field: t('number') }) }]}
          >
            <Input maxLength={32} data-testid="account-number" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t('name')}
            rules={[{ required: true, whitespace: true, message: t('required', { field: t('name') }) }]}
          >
            <Input maxLength={100} data-testid="account-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="type" label={t('account.type')}>
            <Radio.Group
              options={[
                { value: CASH, label: t('account.cash') },
                { value: BANK, label: t('account.bank') },
              ]}
              data-testid="account-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {type === BANK && (
            <Form.Item name="bankAccount" label={t('account.bankAccount')}>
              <Input maxLength={64} data-testid="account-bank-account" />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="amount"
            label={t('account.amount')}
            extra={info.data?.closeDate ? t('account.openingLocked', { date: info.data.closeDate }) : undefined}
          >
            <InputNumber<string>
              stringMode
              disabled={!!info.data?.closeDate}
              precision={places}
              max="1000000000000"
              min="0"
              style={{ width: '100%' }}
              data-testid="account-amount"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="date" label={t('account.date')}>
            <DatePicker style={{ width: '100%' }} data-testid="account-date" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea maxLength={500} rows={2} data-testid="account-remark" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  )
}
