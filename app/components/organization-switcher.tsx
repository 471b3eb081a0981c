import { Form, useLocation } from '@remix-run/react'

import { roleLabel } from '~/utils/access'
import { initialOf } from '~/utils/format'

import { useFollowLink } from './app-link'

export interface HeaderOrganizations {
  current: { name: string; slug: string } | null
  /** The user's organizations, up to the number the backend lists; `complete` is false when there are more. */
  list: { name: string; slug: string; role: string }[]
  complete: boolean
}

/**
 * The organization the user works in, and the others to switch to. Each is a small form posted to
 * /organizations, so switching works without JavaScript; the user stays on the same page when the
 * other organization has it for them (app/utils/switch-landing.ts).
 */
function OrganizationChoices({ organizations }: { organizations: HeaderOrganizations }) {
  // The page as it is; the action decides how much of it the other organization has.
  const { pathname } = useLocation()
  const follow = useFollowLink()
  const others = [...organizations.list]
    .filter((organization) => organization.slug !== organizations.current?.slug)
    .sort((a, b) => a.name.localeCompare(b.name))
  return (
    <ul className="dropdown-menu organization-menu">
      {organizations.current ? (
        <li className="organization-current" aria-current="true">
          <span className="visually-hidden">Current: </span>
          {organizations.current.name}
        </li>
      ) : null}
      {others.map((organization) => (
        <li key={organization.slug}>
          <Form method="post" action="/organizations">
            <input type="hidden" name="intent" value="select" />
            <input type="hidden" name="slug" value={organization.slug} />
            <input type="hidden" name="redirectTo" value={pathname} />
            <button type="submit" className="link-button">
              <span className="visually-hidden">Switch to </span>
              {organization.name}
              <span className="organization-role">{roleLabel(organization.role)}</span>
            </button>
          </Form>
        </li>
      ))}
      <li className="organization-all">
        <a href="/organizations" onClick={follow}>
          {organizations.complete ? 'All organizations…' : 'More organizations…'}
        </a>
      </li>
    </ul>
  )
}

/** The switcher as a header menu (`placement="header"`) or as a section of the mobile Menu. */
export function OrganizationSwitcher({
  organizations,
  placement,
}: {
  organizations: HeaderOrganizations
  placement: 'header' | 'menu'
}) {
  const { current } = organizations
  const follow = useFollowLink()
  if (!current) {
    return (
      <a
        href="/organizations"
        className={`organization-switcher organization-switcher-${placement} organization-none`}
        onClick={follow}
      >
        Choose an organization
      </a>
    )
  }
  return (
    <details className={`dropdown organization-switcher organization-switcher-${placement}`}>
      <summary title={current.name}>
        <span className="organization-initial" aria-hidden="true">
          {initialOf(current.name)}
        </span>
        <span className="visually-hidden">Organization: </span>
        <span className="organization-name">{current.name}</span>
      </summary>
      <OrganizationChoices organizations={organizations} />
    </details>
  )
}
