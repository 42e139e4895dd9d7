import { useEffect, useState } from 'react'

/** Seconds left before a code may be asked for again; `start` begins a new wait. */
export function useCountdown() {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const t = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(t)
  }, [left])
  return { left, start: (seconds: number) => setLeft(seconds) }
}
