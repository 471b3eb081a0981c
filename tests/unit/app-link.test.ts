import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'

import { AppLink } from '../../app/components/app-link'

const drawn = (props: Parameters<typeof AppLink>[0], at = '/documents') =>
  renderToStaticMarkup(createElement(MemoryRouter, { initialEntries: [at] }, createElement(AppLink, props)))

describe('a link of the app', () => {
  it('is an anchor with the attributes it was given, and none of its own props', () => {
    const html = drawn({
      to: '/documents/4',
      className: 'doc-link',
      'aria-current': 'page',
      replace: true,
      preventScrollReset: true,
      children: 'Annual report',
    })
    expect(html).toBe(
      '<a class="doc-link" aria-current="page" href="/documents/4" data-replace="" data-keep-scroll="">Annual report</a>',
    )
  })

  it('resolves a query against the page shown', () => {
    expect(drawn({ to: '?page=2', children: 'Next page' })).toBe('<a href="/documents?page=2">Next page</a>')
    expect(drawn({ to: '?', children: 'All' }, '/search')).toBe('<a href="/search">All</a>')
  })
})
