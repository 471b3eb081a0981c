import { useLocation, useNavigate } from '@remix-run/react'
import type { MouseEvent } from 'react'

/**
 * A click handler for plain `<a href="/absolute/path">` links of this app, shared by every link of a
 * menu. Remix's `<Link>` resolves its `to` against its route, reads the location and the router's
 * state and builds its own handler on every render of every link; the header draws twenty on each
 * page, which cost the signed-in pages a fifth of their render (docs/benchmarks.md, issue 49). With
 * JavaScript a plain left click navigates in the app as `<Link>` does; without it the browser follows
 * the link.
 */
export function useFollowLink() {
  const navigate = useNavigate()
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const link = event.currentTarget
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return
    const href = link.getAttribute('href')
    if (!href?.startsWith('/') || href.startsWith('//')) return
    event.preventDefault()
    // As a browser does, following a link to the page already shown replaces it in the history.
    navigate(href, { replace: href === `${window.location.pathname}${window.location.search}` })
  }
}

/** Whether `to` is the page shown or one under it, as `<NavLink>` decides which link is current. */
export function useCurrentPath() {
  const pathname = useLocation().pathname.toLowerCase()
  return (to: string) => pathname === to || pathname.startsWith(`${to}/`)
}
