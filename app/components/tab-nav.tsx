import { useLocation } from '@remix-run/react'

import { AppLink } from './app-link'

export interface Tab {
  to: string
  label: string
  /** Another path that is the same page (/admin for /admin/organization). */
  also?: string
  /** Pages below the tab's path belong to it (an item of the checklist). */
  nested?: boolean
}

/** A section's pages, linked from each of them, the current one marked for assistive technology too. */
export function TabNav({ label, tabs, className }: { label: string; tabs: Tab[]; className?: string }) {
  const { pathname } = useLocation()
  const here = pathname.replace(/\/+$/, '') || '/'
  return (
    <nav aria-label={label} className={className ? `tabs ${className}` : 'tabs'}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <AppLink
              to={tab.to}
              aria-current={
                here === tab.to || here === tab.also
                  ? 'page'
                  : tab.nested && here.startsWith(`${tab.to}/`)
                    ? 'true'
                    : undefined
              }
            >
              {tab.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
