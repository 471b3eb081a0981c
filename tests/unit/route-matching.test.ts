// The route matching of @remix-run/router, patched (patches/) to flatten and rank a route table once
// and compile each path pattern once: the same table must keep answering like the unpatched one.
import { createRequire } from 'node:module'

import type * as RemixRouter from '@remix-run/router'
import { describe, expect, it } from 'vitest'

// The CommonJS build, which is the one the server loads and the one patched.
const { matchPath, matchRoutes } = createRequire(import.meta.url)('@remix-run/router') as typeof RemixRouter

const routes = [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'documents', path: 'documents' },
      { id: 'document', path: 'documents/:documentId' },
      { id: 'new-document', path: 'documents/new' },
      { id: 'files', path: 'files/*' },
      { id: 'Case', path: 'Case', caseSensitive: true },
    ],
  },
]

const leaf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.id

describe('route matching with cached branches', () => {
  it('answers every path of one table as ranked, call after call', () => {
    for (let round = 0; round < 2; round++) {
      expect(leaf('/documents')).toBe('documents')
      expect(leaf('/documents/new')).toBe('new-document')
      expect(leaf('/documents/42')).toBe('document')
      expect(matchRoutes(routes, '/documents/42')?.at(-1)?.params).toEqual({ documentId: '42' })
      expect(leaf('/files/a/b')).toBe('files')
      expect(leaf('/nowhere')).toBeUndefined()
    }
  })

  it('sees a new table as new', () => {
    const other = [{ id: 'only', path: '/documents/:id' }]
    expect(leaf('/documents/new')).toBe('new-document')
    expect(matchRoutes(other, '/documents/new')?.at(-1)?.route.id).toBe('only')
  })

  it('keeps a pattern compiled for case-sensitive and whole-path matching apart from the others', () => {
    expect(leaf('/Case')).toBe('Case')
    expect(leaf('/case')).toBeUndefined()
    expect(matchPath({ path: '/Case', caseSensitive: false }, '/case')).not.toBeNull()
    expect(matchPath({ path: '/Case', caseSensitive: true }, '/case')).toBeNull()
    expect(matchPath({ path: '/documents', end: false }, '/documents/42')).not.toBeNull()
    expect(matchPath({ path: '/documents', end: true }, '/documents/42')).toBeNull()
  })

  it('hands out a path matched before as a copy: what one caller changes, the next does not see', () => {
    const first = matchRoutes(routes, '/documents/7')!
    Object.assign(first.at(-1)!.params, { documentId: 'changed' })
    first.pop()
    const again = matchRoutes(routes, '/documents/7')!
    expect(again.at(-1)?.route.id).toBe('document')
    expect(again.at(-1)?.params).toEqual({ documentId: '7' })
  })
})
