import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

/**
 * Spec §8's banners with a Dismiss button. With JavaScript it hides the banner; without, it loads
 * the page again, which leaves the banner only if the failure is still there.
 */
export function DismissibleBanner({ message, onDismiss }: { message: string; onDismiss?: () => void }) {
  const hydrated = useHydrated()
  const [dismissed, setDismissed] = useState(false)
  if (dismissed) return null
  return (
    <div className="alert alert-error banner" role="alert">
      <p>{message}</p>
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
