import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Form, Input } from 'antd'
import '@/app/i18n'
import { ApiError } from '@/api/http'
import { FormDialog, failureMessage, mapServerErrors, toNamePath } from './FormDialog'

vi.mock('@/app/feedback', () => ({
  feedback: { message: { success: vi.fn(), error: vi.fn() }, modal: {}, notification: {} },
}))
import { feedback } from '@/app/feedback'

afterEach(cleanup)

describe('server field errors', () => {
  it('turns field paths into name paths', () => {
    expect(toNamePath('username')).toEqual(['username'])
    expect(toNamePath('entries[2].qty')).toEqual(['entries', 2, 'qty'])
    expect(toNamePath('a.b[0][1].c')).toEqual(['a', 'b', 0, 1, 'c'])
  })

  it('puts errors on the fields the form has and keeps the rest', () => {
    const err = new ApiError('Invalid input', 400, 'A0400', {
      username: 'Username already exists',
      'entries[1].qty': 'Must be positive',
      shopId: 'Unknown shop',
    })
    const values = { username: 'x', nickname: undefined, entries: [{ qty: 1 }, { qty: -1 }] }
    const m = mapServerErrors(err, values)
    expect(m.fields).toEqual([
      { name: ['username'], errors: ['Username already exists'] },
      { name: ['entries', 1, 'qty'], errors: ['Must be positive'] },
    ])
    expect(m.rest).toEqual(['Unknown shop'])
    expect(failureMessage(err, m)).toBe('Invalid input; Unknown shop')
  })

  it('maps a field whose value is still undefined', () => {
    const m = mapServerErrors(new ApiError('x', 400, undefined, { nickname: 'Required' }), { nickname: undefined })
    expect(m.fields).toEqual([{ name: ['nickname'], errors: ['Required'] }])
  })

  it('has nothing to map for errors without fields', () => {
    const m = mapServerErrors(new Error('boom'), { a: 1 })
    expect(m).toEqual({ fields: [], rest: [] })
    expect(failureMessage(new Error('boom'), m)).toBe('boom')
  })

  it('shows the server error on the field in the dialog and stays open', async () => {
    const onClose = vi.fn()
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError('Username already exists', 400, 'A0111', { username: 'Username "bob" already exists' }))
    render(
      <FormDialog<{ username: string }> open title="Add" initialValues={{ username: 'bob' }} onSubmit={onSubmit} onClose={onClose}>
        <Form.Item name="username" label="Username">
          <Input data-testid="name" />
        </Form.Item>
      </FormDialog>,
    )
    await act(async () => {
      fireEvent.submit(screen.getByTestId('name').closest('form')!)
    })
    await waitFor(() => expect(screen.getByText('Username "bob" already exists')).toBeTruthy())
    expect(onSubmit).toHaveBeenCalledWith({ username: 'bob' })
    expect(onClose).not.toHaveBeenCalled()
    expect(feedback.message.error).toHaveBeenCalledWith('Username already exists')
  })

  it('closes after a successful save', async () => {
    const onClose = vi.fn()
    const onSuccess = vi.fn()
    render(
      <FormDialog<{ username: string }>
        open
        title="Add"
        initialValues={{ username: 'amy' }}
        onSubmit={async () => 7}
        onClose={onClose}
        onSuccess={onSuccess}
      >
        <Form.Item name="username">
          <Input data-testid="name" />
        </Form.Item>
      </FormDialog>,
    )
    await act(async () => {
      fireEvent.submit(screen.getByTestId('name').closest('form')!)
    })
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onSuccess).toHaveBeenCalledWith(7)
    expect(feedback.message.success).toHaveBeenCalled()
  })

  it('starts from the new initial values each time it opens', async () => {
    const Dialog = ({ open, name }: { open: boolean; name: string }) => (
      <FormDialog<{ username: string }>
        open={open}
        title="T"
        initialValues={{ username: name }}
        onSubmit={async () => 1}
        onClose={() => {}}
      >
        <Form.Item name="username">
          <Input data-testid="name" />
        </Form.Item>
      </FormDialog>
    )
    const view = render(<Dialog open name="first" />)
    const input = () => screen.getByTestId('name') as HTMLInputElement
    expect(input().value).toBe('first')
    fireEvent.change(input(), { target: { value: 'typed' } })
    expect(input().value).toBe('typed')
    view.rerender(<Dialog open={false} name="first" />)
    await waitFor(() => expect(screen.queryByTestId('name')).toBeNull())
    view.rerender(<Dialog open name="second" />)
    await waitFor(() => expect(input().value).toBe('second'))
  })
})
