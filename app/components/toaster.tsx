import { useRouteLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

import type { Toast } from '~/utils/toast'

export const TOAST_DURATION_MS = 5000

/**
 * Toasts arrive from the server in the flash cookie (read by the root loader), so they show without
 * JavaScript. With it they dismiss themselves after five seconds and can be closed earlier. In the
 * signed-in frame the toaster sits in the page's flow under the header, so it covers no control
 * (the app shell places it); elsewhere it floats in a corner of a page with few controls.
 */
export function Toaster() {
  const toast = (useRouteLoaderData('root') as { toast: Toast | null } | undefined)?.toast ?? null
  const hydrated = useHydrated()
  const [visible, setVisible] = useState<Toast | null>(toast)
  const [shownId, setShownId] = useState(toast?.id)
  // A new toast from the server replaces whatever is showing, during render rather than in an effect.
  if (toast?.id !== shownId) {
    setShownId(toast?.id)
    setVisible(toast)
  }

  useEffect(() => {
    if (!visible) return
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [visible])

  return (
    <div className="toaster" role="status" aria-live="polite">
      {visible ? (
        <div className={`toast toast-${visible.type}`} data-toast-id={visible.id}>
          <p className="toast-message">{visible.message}</p>
          {hydrated ? (
            <button
              type="button"
              className="toast-close"
              aria-label="Close notification"
              onClick={() => setVisible(null)}
            >
              ×
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
