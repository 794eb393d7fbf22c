import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Form } from 'antd'
import '@/app/i18n'
import type { GoodsValues } from '../lib/goodsForm'
import { PricesTab } from './PricesTab'
import { useSession } from '@/stores/session'

afterEach(cleanup)

// an administrator: every price is shown
beforeEach(() => useSession.setState({ user: { userId: 1, username: 'admin', nickname: 'admin', avatar: '', roles: ['ROOT'], perms: [] } }))

function Harness({ onForm }: { onForm: (f: ReturnType<typeof Form.useForm<GoodsValues>>[0]) => void }) {
  const [form] = Form.useForm<GoodsValues>()
  onForm(form)
  return (
    <Form form={form}>
      <PricesTab form={form} pricePlaces={2} />
    </Form>
  )
}

// A negative price is refused on the field, as the document grid refuses it,
// instead of being turned into 0 and saved.
describe('goods dialog prices', () => {
  it.each(['purPrice', 'salePrice'] as const)('refuses a negative %s and keeps what was typed', async (k) => {
    let form!: ReturnType<typeof Form.useForm<GoodsValues>>[0]
    render(<Harness onForm={(f) => (form = f)} />)
    const input = screen.getByTestId(`goods-${k}`)
    fireEvent.change(input, { target: { value: '-5' } })
    fireEvent.blur(input)
    await waitFor(() => expect(screen.getByText(/不能小于 0|cannot be less than 0|at least 0/i)).toBeTruthy())
    expect((input as HTMLInputElement).value).toBe('-5')
    let refused = false
    await act(async () => {
      await form.validateFields().catch(() => (refused = true))
    })
    expect(refused).toBe(true)
    expect(String(form.getFieldValue(k))).toBe('-5')
  })
})
