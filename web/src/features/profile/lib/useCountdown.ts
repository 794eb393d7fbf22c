// A countdown for "send code" buttons: start(60) → left counts down to 0
// once a second.
import { useCallback, useEffect, useState } from 'react'

export function useCountdown() {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const id = setTimeout(() => setLeft((n) => Math.max(0, n - 1)), 1000)
    return () => clearTimeout(id)
  }, [left])
  const start = useCallback((seconds: number) => setLeft(seconds), [])
  return { left, running: left > 0, start }
}
