import { Form, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import { hasRole } from '~/utils/access'
import { logAuth } from '~/utils/auth-log'
import { initialOf } from '~/utils/format'

import { useCurrentPath, useFollowLink } from './app-link'
import { Logo } from './logo'
import { type HeaderOrganizations, OrganizationSwitcher } from './organization-switcher'

interface HeaderUser {
  email: string
  role: 'admin' | 'analyst' | 'member'
}

const MAIN_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/documents', label: 'Documents' },
  { to: '/chat', label: 'Conversations' },
  { to: '/search', label: 'Search' },
  { to: '/readiness', label: 'Readiness' },
  { to: '/actions', label: 'Actions' },
]
const RESOURCE_LINKS = [
  { to: '/conversation-templates', label: 'Templates' },
  { to: '/transcriptions', label: 'Transcriptions' },
]

function NavLinks({ role, follow }: { role: HeaderUser['role']; follow: ReturnType<typeof useFollowLink> }) {
  const isCurrent = useCurrentPath()
  const item = ({ to, label }: { to: string; label: string }) => (
    <li key={to}>
      {isCurrent(to) ? (
        <a href={to} className="active" aria-current="page" onClick={follow}>
          {label}
        </a>
      ) : (
        <a href={to} onClick={follow}>
          {label}
        </a>
      )}
    </li>
  )
  return (
    <ul className="nav-list">
      {MAIN_LINKS.map(item)}
      <li>
        <details className="dropdown">
          <summary>Resources</summary>
          <ul className="dropdown-menu">{RESOURCE_LINKS.map(item)}</ul>
        </details>
      </li>
      {hasRole(role, ['analyst']) ? item({ to: '/analysis', label: 'Analysis' }) : null}
      {hasRole(role, []) ? item({ to: '/admin', label: 'Admin' }) : null}
    </ul>
  )
}

/** An address that may wrap after its "@" rather than inside a word. */
function EmailLines({ email }: { email: string }) {
  const at = email.lastIndexOf('@')
  if (at < 0) return email
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  )
}

/**
 * Menus are <details> elements, so they open and close with the keyboard and without JavaScript;
 * with it, they also close on navigation and on Escape.
 */
export function SiteHeader({
  user,
  organizations,
  demoUrl,
}: {
  user: HeaderUser
  organizations: HeaderOrganizations
  demoUrl: string
}) {
  const ref = useRef<HTMLElement>(null)
  const location = useLocation()
  const follow = useFollowLink()

  // Only a navigation closes the menus: hydration must not close one opened before the scripts came.
  const shownKey = useRef(location.key)
  useEffect(() => {
    if (shownKey.current === location.key) return
    shownKey.current = location.key
    ref.current?.querySelectorAll('details[open]').forEach((details) => details.removeAttribute('open'))
  }, [location.key])

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      const open = ref.current?.querySelectorAll<HTMLDetailsElement>('details[open]')
      if (!open?.length) return
      const last = open[open.length - 1]!
      last.removeAttribute('open')
      last.querySelector('summary')?.focus()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  // One menu open at a time, and a click elsewhere closes them, as menus behave elsewhere.
  useEffect(() => {
    const header = ref.current
    if (!header) return
    const closeAll = (except?: Element) =>
      header.querySelectorAll('details[open]').forEach((details) => {
        if (!except || (details !== except && !details.contains(except))) details.removeAttribute('open')
      })
    function onToggle(event: Event) {
      if (event.target instanceof HTMLDetailsElement && event.target.open) closeAll(event.target)
    }
    function onPointerDown(event: PointerEvent) {
      if (!header!.contains(event.target as Node)) closeAll()
    }
    // `toggle` does not bubble, so the header listens in the capture phase.
    header.addEventListener('toggle', onToggle, true)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      header.removeEventListener('toggle', onToggle, true)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [])

  return (
    <header className="site-header" ref={ref}>
      <div className="site-header-inner">
        <a href="/dashboard" className="brand" aria-label="Exit Planner dashboard" onClick={follow}>
          <Logo />
        </a>
        <OrganizationSwitcher organizations={organizations} placement="header" />
        <details className="mobile-menu">
          <summary>Menu</summary>
          <nav aria-label="Main menu">
            <OrganizationSwitcher organizations={organizations} placement="menu" />
            <NavLinks role={user.role} follow={follow} />
          </nav>
        </details>
        <nav aria-label="Main" className="main-nav">
          <NavLinks role={user.role} follow={follow} />
        </nav>
        <a className="button button-secondary demo-button" href={demoUrl} target="_blank" rel="noopener noreferrer">
          Request a Demo<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <details className="dropdown user-menu">
          <summary title={user.email}>
            <span className="avatar" aria-hidden="true">
              {initialOf(user.email)}
            </span>
            <span className="user-email">{user.email}</span>
          </summary>
          <ul className="dropdown-menu dropdown-menu-right">
            {/* The button shortens a long address with an ellipsis; here it is whole. */}
            <li className="user-menu-account" aria-hidden="true">
              <EmailLines email={user.email} />
            </li>
            <li>
              <a href="/profile" onClick={follow}>
                Profile
              </a>
            </li>
            <li>
              <Form method="post" action="/logout" onSubmit={() => logAuth('Header', 'Logout requested')}>
                <button type="submit" className="link-button">
                  Logout
                </button>
              </Form>
            </li>
          </ul>
        </details>
      </div>
    </header>
  )
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>© {new Date().getFullYear()} Exit Planner. All rights reserved.</p>
    </footer>
  )
}
