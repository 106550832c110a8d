import { useEffect, useState } from 'react'

/** Whole seconds left until `until` (ms since epoch); 0 once it passed or when undefined. */
function secondsUntil(until: number | undefined): number {
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1_000))
}

/** The seconds left until `until`, ticking each second (a resend countdown). */
export function useCountdown(until: number | undefined): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(until))
  useEffect(() => {
    setSeconds(secondsUntil(until))
    if (until === undefined) return
    const timer = setInterval(() => {
      const next = secondsUntil(until)
      setSeconds(next)
      if (next === 0) clearInterval(timer)
    }, 1_000)
    return () => clearInterval(timer)
  }, [until])
  return seconds
}
