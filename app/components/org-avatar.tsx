import { initialOf } from '~/utils/format'
import { isOffSite } from '~/utils/off-site'

/**
 * An organization's logo, or the first letter of its name when it has none. A logo on another site
 * is not loaded (the page's img-src allows this site and data: only, decision 005): every member's
 * browser would call on that site. Sizes are CSS classes (app.css).
 */
export function OrgAvatar({ name, logo, size = 48 }: { name: string; logo: string | null; size?: 40 | 48 }) {
  if (logo && (logo.startsWith('data:image/') || !isOffSite(logo)))
    return <img className="org-avatar" src={logo} alt={`${name} logo`} width={size} height={size} />
  return (
    <span className={`org-avatar org-avatar-initial org-avatar-${size}`} aria-hidden="true">
      {initialOf(name)}
    </span>
  )
}
