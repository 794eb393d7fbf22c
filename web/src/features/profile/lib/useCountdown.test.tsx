import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { useCountdown } from './useCountdown'

afterEach(() => vi.useRealTimers())

describe('useCountdown', () => {
  it('counts down once a second to zero', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useCountdown())
    expect(result.current.running).toBe(false)
    act(() => result.current.start(60))
    expect(result.current.left).toBe(60)
    expect(result.current.running).toBe(true)
    act(() => void vi.advanceTimersByTime(1000))
    expect(result.current.left).toBe(59)
    for (let i = 0; i < 59; i++) act(() => void vi.advanceTimersByTime(1000))
    expect(result.current.left).toBe(0)
    expect(result.current.running).toBe(false)
    act(() => void vi.advanceTimersByTime(5000))
    expect(result.current.left).toBe(0)
  })
})
