import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/**
 * After a navigation in the page (a link, or a form's redirect: an upload done, a template
 * created) the element that had focus is often gone, and a keyboard or screen-reader user is left
 * on <body>, at the top of a page they cannot see has changed. Focus then moves to the new page's
 * heading, which a screen reader reads out. It stays wherever the page itself put it, and a URL
 * with a #fragment is left to the browser. A full page load (no JavaScript) starts at the top.
 */
export function useFocusAfterNavigation() {
  const location = useLocation()
  const shownKey = useRef(location.key)
  useEffect(() => {
    if (shownKey.current === location.key) return
    shownKey.current = location.key
    if (location.hash) return
    const focused = document.activeElement
    if (focused && focused !== document.body) return
    const main = document.getElementById('main')
    const heading = main?.querySelector<HTMLElement>('h1') ?? main
    if (!heading) return
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
  }, [location.key, location.hash])
}
