import { initialOf } from '~/utils/format'

/** An organization's logo, or the first letter of its name when it has none. Sizes are CSS classes (app.css). */
export function OrgAvatar({ name, logo, size = 48 }: { name: string; logo: string | null; size?: 40 | 48 }) {
  if (logo) return <img className="org-avatar" src={logo} alt={`${name} logo`} width={size} height={size} />
  return (
    <span className={`org-avatar org-avatar-initial org-avatar-${size}`} aria-hidden="true">
      {initialOf(name)}
    </span>
  )
}
