// A stream of server-sent events read with fetch (EventSource cannot send
// the bearer token): GET /prod-api/<path> with the session's token and
// language; an expired token is refreshed once (the same refresh as every
// other request) and the stream opened again. Yields {event, data} as they
// arrive; ends when the server ends the stream or the signal aborts.
import { BASE_URL, freshToken } from './http'
import { useSession } from '@/stores/session'
import { currentLanguage } from '@/stores/preferences'

export interface StreamEvent {
  event: string
  data: string
}

/** Splits SSE text into events; the unfinished tail is handed back. */
export function parseEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = []
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n')
  const rest = blocks.pop() ?? ''
  for (const block of blocks) {
    let event = 'message'
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue // a comment (heartbeat)
      const i = line.indexOf(':')
      const field = i < 0 ? line : line.slice(0, i)
      const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '')
      if (field === 'event') event = value
      else if (field === 'data') data.push(value)
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') })
  }
  return { events, rest }
}

async function open(path: string, signal: AbortSignal, retried = false): Promise<Response> {
  const { accessToken, tokenType } = useSession.getState()
  const res = await fetch(`${BASE_URL}${path}`, {
    headers: {
      Authorization: `${tokenType || 'Bearer'} ${accessToken}`,
      'Accept-Language': currentLanguage(),
      Accept: 'text/event-stream',
    },
    signal,
    cache: 'no-store',
  })
  if (res.status === 401 && !retried) {
    await freshToken(accessToken)
    return open(path, signal, true)
  }
  if (!res.ok || !res.body) throw new Error(`stream ${path}: HTTP ${res.status}`)
  return res
}

export async function* readStream(path: string, signal: AbortSignal): AsyncGenerator<StreamEvent> {
  const res = await open(path, signal)
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      const { events, rest } = parseEvents(buffer + value)
      buffer = rest
      yield* events
    }
  } finally {
    reader.releaseLock()
  }
}
