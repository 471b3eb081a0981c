import { useLocation, useNavigate } from '@remix-run/react'
import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
} from 'react'

type FollowLink = (event: MouseEvent<HTMLAnchorElement>) => void

const FollowLinkContext = createContext<FollowLink | null>(null)

/**
 * Gives every link below it one click handler. Remix's `<Link>` resolves its `to` against its route,
 * reads the location and the router's state and builds its own handler on every render of every
 * link; a signed-in page draws dozens (the header twenty, a page of documents forty), which cost a
 * fifth of the page's render (docs/benchmarks.md, issue 49). With JavaScript a plain left click on
 * a link of this app navigates in the app as `<Link>` does; without it the browser follows the link.
 */
export function FollowLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const follow = useCallback<FollowLink>(
    (event) => {
      const link = event.currentTarget
      if (event.defaultPrevented || event.button !== 0) return
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return
      const href = link.getAttribute('href')
      if (!href?.startsWith('/') || href.startsWith('//')) return
      event.preventDefault()
      navigate(href, {
        // As a browser does, following a link to the page already shown replaces it in the history.
        replace: link.dataset.replace !== undefined || href === `${window.location.pathname}${window.location.search}`,
        preventScrollReset: link.dataset.keepScroll !== undefined,
      })
    },
    [navigate],
  )
  return <FollowLinkContext.Provider value={follow}>{children}</FollowLinkContext.Provider>
}

/** The shared click handler (a page outside FollowLinks leaves its links to the browser). */
export function useFollowLink(): FollowLink {
  return useContext(FollowLinkContext) ?? noFollow
}
const noFollow: FollowLink = () => {}

/** Whether `to` is the page shown or one under it, as `<NavLink>` decides which link is current. */
export function useCurrentPath() {
  const pathname = useLocation().pathname.toLowerCase()
  return (to: string) => pathname === to || pathname.startsWith(`${to}/`)
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of this app ("/documents/4"), or a query of the page shown ("?page=2", "?" for none). */
  to: string
  /** Replace the page shown in the history instead of adding one. */
  replace?: boolean
  /** Keep the scroll position, as for a change of the same list. */
  preventScrollReset?: boolean
}

const OWN_PROPS = new Set(['to', 'replace', 'preventScrollReset', 'onClick', 'children'])

/**
 * A link to a page of this app, drawn as a plain anchor that FollowLinks navigates with. Its props
 * are copied by a loop, not taken apart with `...rest`: V8 copies an object less some of its keys
 * in its runtime, which made this the costliest function of a page of forty documents (5% of its
 * CPU, five times what the loop costs; issue 49).
 */
export function AppLink(props: AppLinkProps) {
  const follow = useFollowLink()
  const { pathname } = useLocation()
  const { to, replace, preventScrollReset, onClick, children } = props
  const anchor: AnchorHTMLAttributes<HTMLAnchorElement> & Record<string, unknown> = {}
  for (const key in props) if (!OWN_PROPS.has(key)) anchor[key] = props[key as keyof AppLinkProps]
  anchor.href = to.startsWith('?') ? `${pathname}${to === '?' ? '' : to}` : to
  if (replace) anchor['data-replace'] = ''
  if (preventScrollReset) anchor['data-keep-scroll'] = ''
  anchor.onClick = onClick
    ? (event) => {
        onClick(event)
        follow(event)
      }
    : follow
  return <a {...anchor}>{children}</a>
}
