import { afterEach, describe, expect, it, vi } from 'vitest'

const downloadFile = vi.fn(async () => 'x.log')
vi.mock('@/api/download', () => ({ downloadFile: (...a: unknown[]) => downloadFile(...(a as [])) }))

const { apiPath, openLogLink } = await import('./openLink')

describe('logDownload links', () => {
  afterEach(() => {
    downloadFile.mockClear()
    vi.restoreAllMocks()
  })

  it('maps server URLs to the client base', () => {
    expect(apiPath('/api/files/1?x=2')).toBe('/files/1?x=2')
    expect(apiPath('/prod-api/logs/export')).toBe('/logs/export')
    expect(apiPath('https://example.com/a.log')).toBeNull()
    expect(apiPath('/apis/x')).toBeNull()
  })

  it('downloads API files through the client, named by the link', async () => {
    await openLogLink({ name: 'x.log', url: '/api/files/1' })
    expect(downloadFile).toHaveBeenCalledWith({ url: '/files/1' }, 'x.log')
  })

  it('opens other addresses in a new tab; nothing without a url', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    await openLogLink({ url: 'https://example.com/a.log' })
    expect(open).toHaveBeenCalledWith('https://example.com/a.log', '_blank', 'noopener,noreferrer')
    await openLogLink({ name: 'only a name' })
    expect(open).toHaveBeenCalledTimes(1)
    expect(downloadFile).not.toHaveBeenCalled()
  })
})
