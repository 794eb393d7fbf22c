// What a logDownload link does by default: a file of this server's API is
// downloaded through the HTTP client (bearer token, file name from the
// server); any other address opens in a new tab.
import { BASE_URL } from '@/api/http'
import { downloadFile } from '@/api/download'
import { linkLabel, type LogLink } from './parse'

/** The API path (relative to the client's base) of a server URL, or null. */
export function apiPath(url: string): string | null {
  for (const prefix of [BASE_URL + '/', '/api/']) {
    if (url.startsWith(prefix)) return url.slice(prefix.length - 1)
  }
  return null
}

export async function openLogLink(link: LogLink): Promise<void> {
  const url = typeof link.url === 'string' ? link.url.trim() : ''
  if (!url) return
  const path = apiPath(url)
  if (path) {
    await downloadFile({ url: path }, linkLabel(link))
    return
  }
  window.open(url, '_blank', 'noopener,noreferrer')
}
