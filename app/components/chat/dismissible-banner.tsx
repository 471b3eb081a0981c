import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

/**
 * Spec §8's banners with a Dismiss button, and the server's `detail` under the spec's words when it
 * says more (when to try again). With JavaScript it hides the banner; without, it loads the page
 * again, which leaves the banner only if the failure is still there.
 */
export function DismissibleBanner({
  message,
  detail,
  onDismiss,
}: {
  message: string
  detail?: string | null
  onDismiss?: () => void
}) {
  const hydrated = useHydrated()
  const [dismissed, setDismissed] = useState(false)
  if (dismissed) return null
  return (
    <div className="alert alert-error banner" role="alert">
      <p>{message}</p>
      {detail ? <p>{detail}</p> : null}
      {hydrated ? (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setDismissed(true)
            onDismiss?.()
          }}
        >
          Dismiss
        </button>
      ) : (
        <form method="get">
          <button type="submit" className="link-button">
            Dismiss
          </button>
        </form>
      )}
    </div>
  )
}
