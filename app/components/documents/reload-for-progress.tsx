import { useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

/**
 * A link to this very page, for following processing without JavaScript: nothing polls then, and a
 * reload is what shows the newer state. With JavaScript every view that shows documents still
 * processing polls them (usePoll) and shows each change by itself, so the paragraph goes once the
 * page is hydrated rather than offer a reload that would change nothing.
 */
export function ReloadForProgress({ children, className }: { children?: ReactNode; className?: string }) {
  const location = useLocation()
  const hydrated = useHydrated()
  if (hydrated) return null
  return (
    <p className={className ? `reload-for-progress ${className}` : 'reload-for-progress'}>
      {children}
      {children ? ' ' : null}
      <a href={`${location.pathname}${location.search}`}>Reload to see progress</a>
    </p>
  )
}
