// Message popups: 3000 ms, 16 px from the top; notifications: 4500 ms, top
// right — the configuration and what the holder renders.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render } from '@testing-library/react'
import { feedback, messageConfig, notificationConfig, setFeedback } from './feedback'
import FeedbackHolder from './FeedbackHolder'

afterEach(() => {
  cleanup()
  setFeedback(null)
  vi.useRealTimers()
})

describe('feedback configuration', () => {
  it('shows messages for 3000 ms at offset 16 from the top', () => {
    expect(messageConfig).toEqual({ top: 16, duration: 3 })
  })

  it('shows notifications for 4500 ms at the top right', () => {
    expect(notificationConfig).toEqual({ placement: 'topRight', duration: 4.5 })
  })
})

describe('<FeedbackHolder>', () => {
  it('places messages 16 px from the top and closes them after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    render(<FeedbackHolder />)
    await act(async () => {
      feedback.message.info('hello')
      await vi.advanceTimersByTimeAsync(50)
    })
    const box = document.querySelector<HTMLElement>('.ant-message')
    expect(box).not.toBeNull()
    expect(box!.style.getPropertyValue('--notification-top')).toBe('16px')
    expect(document.body.textContent).toContain('hello')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2800)
    })
    expect(document.querySelector('.ant-message-notice')).not.toBeNull()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500)
    })
    expect(document.querySelector('.ant-message-notice')).toBeNull()
  })

  it('opens notifications at the top right and closes them after 4.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    render(<FeedbackHolder />)
    await act(async () => {
      feedback.notification.info({ title: 'news' })
      await vi.advanceTimersByTimeAsync(50)
    })
    expect(document.querySelector('.ant-notification-topRight')).not.toBeNull()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4300)
    })
    expect(document.querySelector('.ant-notification-notice')).not.toBeNull()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500)
    })
    expect(document.querySelector('.ant-notification-notice')).toBeNull()
  })
})
