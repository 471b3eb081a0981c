import { useEffect, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Toast } from '~/services/flash.server'

export const TOAST_DURATION_MS = 5000

/**
 * Toasts arrive from the server in the flash cookie, so they show without JavaScript. With it they
 * dismiss themselves after five seconds and can be closed (or clicked away) earlier.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated()
  const [visible, setVisible] = useState<Toast | null>(toast)

  useEffect(() => {
    setVisible(toast)
    if (!toast) return
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [toast])

  return (
    <div className="toaster" role="status" aria-live="polite">
      {visible ? (
        <div className={`toast toast-${visible.type}`} data-toast-id={visible.id}>
          <p className="toast-message" onClick={() => setVisible(null)}>
            {visible.message}
          </p>
          {hydrated ? (
            <button type="button" className="toast-close" aria-label="Close notification" onClick={() => setVisible(null)}>
              ×
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
