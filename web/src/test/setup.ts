// jsdom lacks a few browser APIs that antd reads.
import { afterEach } from 'vitest'

const browser = typeof window !== 'undefined'

// Components under test get every catalogue, as in the signed-in app.
if (browser) await import('@/app/appCatalogues')

if (browser && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
}

if (browser && !('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserver })
}

afterEach(() => {
  if (browser) localStorage.clear()
})
