import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'

import { serve } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createApi } from '../../api/app'
import { dataExceptionCode } from '../../api/kernel/http-error'
import { type Harness, type Session, signIn, startApi } from './support/harness'
import { captureLogs, ERROR, WARN } from './support/logs'
import { corpusFile, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
let api: Harness
let admin: Session
let documentId: number

beforeAll(async () => {
  api = await startApi({ JOB_WORKER: 'false' })
  admin = await signIn(api, 'admin')
  documentId = (await (await upload(api, admin, { name: 'Board minutes.txt', bytes: 'Minutes of the board.' })).json())
    .id
})
afterAll(() => api.close())

async function expectRefused(response: Response, status = 400) {
  expect(response.status).toBe(status)
  const body = await response.json()
  expect(typeof body.detail === 'string' || Object.values(body).every(Array.isArray)).toBe(true)
  return body
}

describe('NUL and other invalid bytes in the address', () => {
  it.each([
    ['a slug', '/organizations/%00/'],
    ['a slug, after valid characters', `/organizations/${DEMO}%00/members/`],
    ['a document id', '/documents/1%00/'],
    ['a version id', `/documents/${documentId}/versions/%00/restore/`],
    ['an invitation id', '/users/invitations/%00/accept/'],
    ['an invitation token', '/invitations/token/abc%00def/'],
    ['a slug, as another control character', '/organizations/demo%0A/'],
  ])('answers 400 to NUL in %s', async (_what, path) => {
    const method = path.endsWith('accept/') || path.endsWith('restore/') ? 'POST' : 'GET'
    const body = await expectRefused(await api.request(path, { method, token: admin.access }))
    expect(body.detail).toBe('The request address contains control characters.')
  })

  it.each([
    ['broken percent-encoding', '/organizations/%E0%A4%A/'],
    ['a percent sign with no hex after it', '/organizations/100%/'],
    ['bytes that are not UTF-8', '/organizations/%FF%FE/'],
  ])('answers 400 to %s in a slug', async (_what, path) => {
    const body = await expectRefused(await api.request(path, { token: admin.access }))
    expect(body.detail).toMatch(/^The request address is not valid/)
  })

  it('answers 400 to NUL or broken encoding in the query string, which once reached the database as a 500', async () => {
    for (const query of ['search=%00', 'category=a%00b', 'search=%E0%A4%A', 'status=%FF']) {
      const body = await expectRefused(await api.request(`/documents/?${query}`, { token: admin.access }))
      expect(body.detail).toMatch(/^The query string/)
    }
  })

  it('answers 400 even before authentication, so nothing is looked up', async () => {
    await expectRefused(await api.request('/organizations/%00/'))
  })
})

describe('ids that cannot name a row', () => {
  it.each(['abc', '1e3', '0', '-4', '1.5', '0x10', '99999999999999999999', '2147483648'])(
    'answers 404 to document id %s, as to any document that does not exist',
    async (id) => {
      const body = await expectRefused(await api.request(`/documents/${id}/`, { token: admin.access }), 404)
      expect(body).toEqual({ detail: 'Document not found.' })
    },
  )

  it('answers 404 to a version id or a text page out of range, not a database error', async () => {
    await expectRefused(
      await api.request(`/documents/${documentId}/download/?version=99999999999`, { token: admin.access }),
      404,
    )
    await expectRefused(
      await api.request(`/documents/${documentId}/versions/99999999999/restore/`, {
        method: 'POST',
        token: admin.access,
      }),
      404,
    )
    const text = await api.request(`/documents/${documentId}/text/?page=1e300`, { token: admin.access })
    expect(text.status).toBe(200)
    expect((await text.json()).page).toBeNull()
  })

  it('answers 400 to ids out of range in a body or a query string', async () => {
    const compare = await api.request(`/documents/${documentId}/versions/compare/?from=1&to=99999999999`, {
      token: admin.access,
    })
    expect(await expectRefused(compare)).toEqual({ to: ['Choose two versions.'] })
    const page = await api.request('/documents/?page=1e300', { token: admin.access })
    await expectRefused(page)
    const member = await api.request(`/organizations/${DEMO}/remove_member/`, {
      method: 'POST',
      token: admin.access,
      json: { user_id: 1e20 },
    })
    expect(await expectRefused(member)).toEqual({ user_id: ['A valid user id is required.'] })
  })

  it('does not take true or [n] for an id', async () => {
    for (const user_id of [true, [2], { id: 2 }]) {
      const response = await api.request(`/organizations/${DEMO}/remove_member/`, {
        method: 'POST',
        token: admin.access,
        json: { user_id },
      })
      expect(await expectRefused(response)).toEqual({ user_id: ['A valid user id is required.'] })
    }
    const members = await (await api.request(`/organizations/${DEMO}/members/`, { token: admin.access })).json()
    expect(members).toHaveLength(3)
  })
})

describe('invalid bytes in a header', () => {
  it.each([
    [
      'a control character',
      'X-Organization',
      `${DEMO}\u0001`,
      'The x-organization header contains control characters.',
    ],
    ['DEL', 'X-Organization', `${DEMO}\u007f`, 'The x-organization header contains control characters.'],
    ['bytes that are not UTF-8', 'X-Organization', `${DEMO}\u00ff`, 'The x-organization header is not valid UTF-8.'],
    [
      'bytes that are not UTF-8',
      'Authorization',
      `Bearer ${'\u00c3'}x`,
      'The authorization header is not valid UTF-8.',
    ],
  ])('answers 400 to %s in %s', async (_what, name, value, detail) => {
    const token = name === 'Authorization' ? undefined : admin.access
    const response = await api.request('/documents/', { token, headers: { [name]: value } })
    expect(await expectRefused(response)).toEqual({ detail })
  })

  it('still reads a header whose non-ASCII bytes are valid UTF-8 (no such organization: 404)', async () => {
    const utf8AsLatin1 = Buffer.from('démo', 'utf8').toString('latin1')
    const response = await api.request('/documents/', { token: admin.access, org: utf8AsLatin1 })
    expect(response.status).toBe(404)
  })

  it('answers 400 to NUL in X-Organization sent over a real connection, and keeps serving', async () => {
    const server = serve({ fetch: createApi(api.deps).fetch, port: 0 })
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          { port, path: '/api/documents/', headers: { authorization: `Bearer ${admin.access}` } },
          (response) => {
            response.resume()
            resolve(response.statusCode!)
          },
        )
        request.on('error', reject)
        // Node's client refuses to send NUL in a header; written raw, it reaches the server as sent.
        ;(request as unknown as { _header: string })._header =
          `GET /api/documents/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${admin.access}\r\nX-Organization: demo\u0000x\r\nConnection: close\r\n\r\n`
        request.end()
      })
      expect(status).toBe(400)
      const next = await fetch(`http://127.0.0.1:${port}/api/documents/`, {
        headers: { authorization: `Bearer ${admin.access}` },
      })
      expect(next.status).toBe(200)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('NUL and broken text in a body', () => {
  it('answers 400 naming the field for NUL in a JSON string', async () => {
    const response = await api.request(`/documents/${documentId}/`, {
      method: 'PATCH',
      token: admin.access,
      json: { title: 'Board\u0000minutes' },
    })
    expect(await expectRefused(response)).toEqual({ title: ['Null characters are not allowed.'] })
    const created = await api.request('/organizations/', {
      method: 'POST',
      token: admin.access,
      json: { name: 'Harbor', description: 'x\u0000' },
    })
    expect(await expectRefused(created)).toEqual({ description: ['Null characters are not allowed.'] })
  })

  it('answers 400 to half a surrogate pair, which UTF-8 cannot encode', async () => {
    const response = await api.request('/search/', {
      method: 'POST',
      token: admin.access,
      body: '{"query": "exit \\ud800 plan"}',
      headers: { 'content-type': 'application/json' },
    })
    expect(await expectRefused(response)).toEqual({ query: ['Not valid Unicode text.'] })
  })

  it('answers 400 to a JSON body that is not UTF-8', async () => {
    const latin1 = Buffer.from('{"name": "Caf\u00e9"}', 'latin1')
    const response = await api.request('/organizations/', {
      method: 'POST',
      token: admin.access,
      body: latin1,
      headers: { 'content-type': 'application/json' },
    })
    expect(await expectRefused(response)).toEqual({ detail: 'The request body is not valid UTF-8.' })
  })

  it('answers 400 to a JSON body that is not an object', async () => {
    for (const body of ['null', '[]', '42', '"text"']) {
      const response = await api.request('/search/', {
        method: 'POST',
        token: admin.access,
        body,
        headers: { 'content-type': 'application/json' },
      })
      expect(await expectRefused(response)).toEqual({ non_field_errors: ['Invalid data. Expected a JSON object.'] })
    }
  })

  it('names each unknown field', async () => {
    const response = await api.request('/search/', {
      method: 'POST',
      token: admin.access,
      json: { query: 'exit', owner: 1, admin: true },
    })
    expect(await expectRefused(response)).toEqual({ owner: ['Unknown field.'], admin: ['Unknown field.'] })
  })

  it('answers 400 naming the field for NUL in an upload form field, and keeps nothing', async () => {
    const before = (await (await api.request('/documents/', { token: admin.access })).json()).count
    const response = await upload(api, admin, { name: 'notes.txt', bytes: 'Notes.' }, { title: 'Notes\u0000' })
    expect(await expectRefused(response)).toEqual({ title: ['Null characters are not allowed.'] })
    expect((await (await api.request('/documents/', { token: admin.access })).json()).count).toBe(before)
  })
})

describe('file names over 255 characters', () => {
  it('judges the type by the real extension and keeps a shortened name that still ends in it', async () => {
    const name = `${'a'.repeat(300)}.pdf`
    const response = await upload(api, admin, { name, bytes: corpusFile('pdf/pdfjs__basicapi.pdf') })
    expect(response.status).toBe(201)
    const document = await response.json()
    expect(document.file_name).toBe(`${'a'.repeat(251)}.pdf`)
    expect(document.file_type).toBe('pdf')
  })

  it('refuses a name whose real extension is unsupported, though a cut at 255 would end in .pdf', async () => {
    const name = `${'a'.repeat(250)}.pdf${'b'.repeat(20)}.exe`
    const response = await upload(api, admin, { name, bytes: corpusFile('pdf/pdfjs__basicapi.pdf') })
    const body = await expectRefused(response)
    expect(body.file).toHaveLength(1)
    expect(body.file[0]).toMatch(/\.exe" is not a supported file type\./)
  })

  it('keeps only the last part of a path-traversal name', async () => {
    for (const name of ['../../etc/passwd.txt', '..\\..\\windows\\passwd.txt']) {
      const response = await upload(api, admin, { name, bytes: 'Not a password file.' })
      expect(response.status).toBe(201)
      expect((await response.json()).file_name).toBe('passwd.txt')
    }
  })

  it('refuses a name whose extension is itself too long to keep', async () => {
    const name = `${'a'.repeat(250)}.pdf.${'c'.repeat(300)}`
    const body = await expectRefused(await upload(api, admin, { name, bytes: corpusFile('pdf/pdfjs__basicapi.pdf') }))
    expect(body.file[0]).toMatch(/is not a supported file type\./)
  })
})

describe('the database as a safety net', () => {
  it('recognises a PostgreSQL data exception', async () => {
    const error = await api.db.execute(sql`select ${'a\u0000b'}::text`).catch((caught: unknown) => caught)
    expect(dataExceptionCode(error)).toBe('22021')
    const outOfRange = await api.db.execute(sql`select ${'99999999999'}::integer`).catch((caught: unknown) => caught)
    expect(dataExceptionCode(outOfRange)).toBe('22003')
    expect(dataExceptionCode(new Error('unrelated'))).toBeUndefined()
  })

  it('answers 400, with a warning and no error logged, when a bad value still reaches the database', async () => {
    const refused = await api.db.execute(sql`select ${'a\u0000b'}::text`).catch((caught: unknown) => caught)
    // A database that refuses every query the way PostgreSQL refuses NUL: whatever the API asks first.
    const db = new Proxy(api.deps.db, {
      get: () => () => {
        throw refused
      },
    })
    const logs = captureLogs('warn')
    try {
      const response = await createApi({ ...api.deps, db }).fetch(
        new Request('http://api.test/api/documents/', { headers: { authorization: `Bearer ${admin.access}` } }),
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ detail: 'The request contains a value that is not valid here.' })
      const lines = logs.lines()
      expect(lines.filter((line) => line.level >= ERROR)).toEqual([])
      expect(lines.filter((line) => line.level === WARN).map((line) => line.msg)).toEqual([
        expect.stringContaining('SQLSTATE 22021'),
      ])
    } finally {
      logs.stop()
    }
  })
})

describe('lists longer than their maximum', () => {
  // 120,000 items in a 360 KB body, well within the 1 MB limit: checked item by item, one such body
  // kept the API busy for seconds and answered with 240,000 field errors.
  const many = <T>(item: T) => Array.from({ length: 120_000 }, () => item)

  it.each([
    [
      'POST',
      '/conversation-templates/',
      { name: 'x', phaseId: 'phase-1', sections: many({}) },
      'sections',
      30,
      'items',
    ],
    ['POST', '/meetings/', { participants: many({}) }, 'participants', 50, 'participants'],
    ['POST', '/conversations/', { document_ids: many(0) }, 'document_ids', 100, 'documents'],
    ['POST', '/search/', { query: 'exit', document_ids: many(0) }, 'document_ids', 1000, 'documents'],
    ['POST', '/documents/resolve_duplicates/', { choices: many({}) }, 'choices', 100, 'choices'],
    ['PATCH', '/documents/:id/', { tags: many('') }, 'tags', 50, 'tags'],
  ] as const)(
    '%s %s refuses one by its length alone, before reading its items',
    async (method, route, json, field, max, noun) => {
      const response = await api.request(route.replace(':id', String(documentId)), {
        method,
        token: admin.access,
        json,
      })
      expect(response.status).toBe(400)
      const expected =
        noun === 'tags'
          ? `Ensure this field has no more than ${max} tags.`
          : `Ensure this list has no more than ${max} ${noun}.`
      expect(await response.json()).toEqual({ [field]: [expected] })
    },
  )

  it('refuses a list nested in a list the same way', async () => {
    const section = { title: 'Opening', timeAllocation: 10, suggestedQuestions: many('Why?') }
    const response = await api.request('/conversation-templates/', {
      method: 'POST',
      token: admin.access,
      json: { name: 'x', phaseId: 'phase-1', sections: [section] },
    })
    expect(await response.json()).toEqual({
      'sections.0.suggestedQuestions': ['Ensure this list has no more than 30 items.'],
    })
  })
})
