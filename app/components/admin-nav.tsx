import { Link, useLocation } from '@remix-run/react'

const PAGES: Array<{ to: string; label: string; also?: string }> = [
  // /admin is the same page as /admin/organization (spec §2).
  { to: '/admin/organization', label: 'Organization', also: '/admin' },
  { to: '/admin/users', label: 'User Management' },
  { to: '/admin/audit', label: 'Audit Log' },
]

/** The organization administration pages, linked from each of them (the header links only to /admin). */
export function AdminNav() {
  const { pathname } = useLocation()
  const here = pathname.replace(/\/+$/, '') || '/'
  return (
    <nav aria-label="Administration" className="tabs admin-nav">
      <ul>
        {PAGES.map((page) => (
          <li key={page.to}>
            <Link to={page.to} aria-current={here === page.to || here === page.also ? 'page' : undefined}>
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
