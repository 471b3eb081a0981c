import { useEffect, useRef } from 'react'

/** How often a view of documents still being processed asks for their state again. */
export const POLL_MS = 2000

/**
 * Calls `poll` every POLL_MS while `active`, skipping the ticks while the tab is hidden (nobody is
 * looking, and a background tab would otherwise keep the backend busy); it asks again at once when
 * the tab is shown. Without JavaScript nothing polls: a reload shows the same state.
 */
export function usePoll(active: boolean, poll: () => void) {
  const latest = useRef(poll)
  useEffect(() => {
    latest.current = poll
  })
  useEffect(() => {
    if (!active) return
    const tick = () => {
      if (document.visibilityState === 'visible') latest.current()
    }
    const timer = setInterval(tick, POLL_MS)
    document.addEventListener('visibilitychange', tick)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', tick)
    }
  }, [active])
}
