// File downloads (Excel exports, import templates). downloadFile asks the one
// HTTP client for the bytes (the bearer token and the refresh queue apply; a
// failed download shows the server's JSON message), takes the file name from
// Content-Disposition (RFC 5987 filename* first), and saves it.
//
//   await downloadFile({ url: '/users/export', params: filters }, 'users.xlsx')
import type { AxiosRequestConfig } from 'axios'
import { download } from '@/api/http'

/** The file name of a Content-Disposition header, or fallback. */
export function fileNameOf(disposition: string | undefined | null, fallback: string): string {
  if (!disposition) return fallback
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(disposition)
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''))
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition)
  return plain ? plain[1].trim() : fallback
}

/** Saves a blob under a name through a temporary link. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.style.display = 'none'
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Downloads the response of config and saves it; resolves with the file name. */
export async function downloadFile(config: AxiosRequestConfig, fallbackName: string): Promise<string> {
  const res = await download({ method: 'get', ...config })
  const header = res.headers?.['content-disposition'] as string | undefined
  const name = fileNameOf(header, fallbackName)
  saveBlob(res.data, name)
  return name
}
