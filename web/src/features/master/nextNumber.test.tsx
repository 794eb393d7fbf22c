import { describe, expect, it, vi } from 'vitest'
import { renderHook, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useNextNumber, useOpening } from './api'

describe('useOpening', () => {
  it('counts each time the dialog opens, not each render', () => {
    const { result, rerender } = renderHook(({ on }) => useOpening(on), { initialProps: { on: false } })
    expect(result.current).toBe(0)
    rerender({ on: true })
    rerender({ on: true })
    expect(result.current).toBe(1)
    rerender({ on: false })
    rerender({ on: true })
    expect(result.current).toBe(2)
  })
})

describe('useNextNumber', () => {
  it('asks the server again at every opening and never answers the number of an earlier one', async () => {
    let n = 0
    const res = { base: '/invlocation', nextNumber: vi.fn(async () => `CK00${++n}`) }
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    const { result, rerender } = renderHook(({ open }) => useNextNumber(res, open), { wrapper, initialProps: { open: true } })
    await waitFor(() => expect(result.current.data).toBe('CK001'))
    rerender({ open: false })
    rerender({ open: true })
    // the second opening starts loading, with no number from the first
    expect(result.current.data).toBeUndefined()
    expect(result.current.isLoading).toBe(true)
    await waitFor(() => expect(result.current.data).toBe('CK002'))
    expect(res.nextNumber).toHaveBeenCalledTimes(2)
  })
})
