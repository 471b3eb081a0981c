import { type Tab, TabNav } from '~/components/tab-nav'

const PAGES: Tab[] = [
  // /admin is the same page as /admin/organization (spec §2).
  { to: '/admin/organization', label: 'Organization', also: '/admin' },
  { to: '/admin/users', label: 'User Management' },
  { to: '/admin/audit', label: 'Audit Log' },
]

/** The organization administration pages, linked from each of them (the header links only to /admin). */
export function AdminNav() {
  return <TabNav label="Administration" tabs={PAGES} className="admin-nav" />
}
