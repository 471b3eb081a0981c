// react-router's useResolvedPath, patched (patches/react-router+6.30.4.patch) to serialise a route's
// matches once per render of that route instead of once per link: /documents renders some seventy
// links. Links must still resolve exactly as before, relative ones included.
import { createRequire } from 'node:module'

import type * as RemixRouter from '@remix-run/router'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import type * as ReactRouter from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

const require = createRequire(import.meta.url)
// The production build is the one the server loads and the one patched.
const router = require('@remix-run/router') as typeof RemixRouter
const { Route, Router, Routes, useHref } =
  require('react-router/dist/umd/react-router.production.min.js') as typeof ReactRouter

// What a server render needs of a navigator: writing hrefs.
const navigator = {
  createHref: (to: ReactRouter.To) => (typeof to === 'string' ? to : router.createPath(to)),
} as unknown as ReactRouter.Navigator
const Href = ({ to }: { to: ReactRouter.To }) => h('li', null, useHref(to))
const targets: ReactRouter.To[] = ['/documents/7', '..', 'versions', '?page=2', { pathname: 'panel', search: '?tab=1' }]

function render(entry: string, copies: number) {
  const links = () =>
    h(
      'ul',
      null,
      Array.from({ length: copies }, (_, copy) => targets.map((to, index) => h(Href, { key: `${copy}-${index}`, to }))),
    )
  const html = renderToString(
    h(
      Router,
      { location: entry, navigator, static: true },
      h(Routes, null, h(Route, { path: 'documents' }, h(Route, { path: ':documentId', element: h(links) }))),
    ),
  )
  return [...html.matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1]!.replaceAll('&amp;', '&'))
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('links resolved once per route context', () => {
  it('resolves absolute, relative and search-only links against the route', () => {
    expect(render('/documents/42', 1)).toEqual([
      '/documents/7',
      '/documents',
      '/documents/42/versions',
      '/documents/42?page=2',
      '/documents/42/panel?tab=1',
    ])
  })

  it('resolves against each render its own location', () => {
    expect(render('/documents/42', 1)[2]).toBe('/documents/42/versions')
    expect(render('/documents/43', 1)[2]).toBe('/documents/43/versions')
  })

  it('serialises the matches once for a route of many links', () => {
    const serialise = vi.spyOn(router, 'UNSAFE_getResolveToMatches')
    const hrefs = render('/documents/42', 20)
    expect(hrefs).toHaveLength(100)
    expect(new Set(hrefs).size).toBe(5)
    expect(serialise).toHaveBeenCalledTimes(1)
  })
})
