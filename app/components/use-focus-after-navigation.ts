import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/**
 * After a navigation in the page (a link, or a form's redirect: an upload done, a template
 * created) the element that had focus is often gone, and a keyboard or screen-reader user is left
 * on <body>, at the top of a page they cannot see has changed. Focus then moves to the new page's
 * heading, which a screen reader reads out, or to the element a #fragment names. It stays wherever
 * the page itself put it. A full page load (no JavaScript) starts at the top, or at the fragment.
 */
export function useFocusAfterNavigation() {
  const location = useLocation()
  const shownKey = useRef(location.key)
  useEffect(() => {
    if (shownKey.current === location.key) return
    shownKey.current = location.key
    const focused = document.activeElement
    if (focused && focused !== document.body) return
    if (location.hash) {
      // The browser's router scrolls to a #fragment but leaves focus behind: it moves there too,
      // as a full page load's starting point for Tab would.
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)))
      if (!target) return
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
      target.focus({ preventScroll: true })
      return
    }
    const main = document.getElementById('main')
    const heading = main?.querySelector<HTMLElement>('h1') ?? main
    if (!heading) return
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
  }, [location.key, location.hash])
}
