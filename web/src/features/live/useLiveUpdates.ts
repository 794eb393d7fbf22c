// Keeps the live-update stream open while signed in (see live.ts): events
// are gathered for a moment and applied together; a stream that ends (the
// server renews it every few minutes, or restarts) is opened again after a
// pause that grows while the server cannot be reached.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { readStream } from '@/api/stream'
import { useSession } from '@/stores/session'
import { applyEvents, type LiveEvent } from './live'

const GATHER_MS = 250
const MAX_PAUSE_MS = 30_000

export function useLiveUpdates() {
  const qc = useQueryClient()
  const signedIn = useSession((s) => s.accessToken !== '')
  useEffect(() => {
    if (!signedIn) return
    const stop = new AbortController()
    let pending: LiveEvent[] = []
    let timer: ReturnType<typeof setTimeout> | undefined
    const flush = () => {
      timer = undefined
      const batch = pending
      pending = []
      void applyEvents(qc, batch)
    }
    const run = async () => {
      let pause = 1000
      while (!stop.signal.aborted) {
        try {
          for await (const ev of readStream('/live', stop.signal)) {
            pause = 1000
            if (ev.event === 'end') break
            if (ev.event !== 'change') continue
            pending.push(JSON.parse(ev.data) as LiveEvent)
            timer ??= setTimeout(flush, GATHER_MS)
          }
        } catch {
          if (stop.signal.aborted) return
          pause = Math.min(pause * 2, MAX_PAUSE_MS)
        }
        await new Promise((r) => setTimeout(r, pause))
      }
    }
    void run()
    return () => {
      stop.abort()
      if (timer) clearTimeout(timer)
    }
  }, [qc, signedIn])
}
