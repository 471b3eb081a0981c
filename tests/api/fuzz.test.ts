import { readdirSync } from 'node:fs'
import path from 'node:path'

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { createApi } from '../../api/app'
import { rowsOf } from '../../api/db/sql-values'
import { isUpload } from '../../api/documents/routes'
import type { Deps } from '../../api/kernel/context'
import {
  type Harness,
  invitationToken,
  registerThroughInvitation,
  type Session,
  signIn,
  startApi,
} from './support/harness'
import { upload } from './support/uploads'

/**
 * Every endpoint the backend registers, read from the router itself, so a new endpoint is fuzzed
 * without editing this file. Middleware entries (method ALL) are not endpoints; an endpoint with its
 * own middleware appears once per handler and is kept once.
 */
const router = createApi({} as Deps)
const endpoints = [
  ...new Map(
    router.routes.filter((route) => route.method !== 'ALL').map((route) => [`${route.method} ${route.path}`, route]),
  ).values(),
].map(({ method, path: routePath }) => ({
  method,
  path: routePath.replace(/^\/api/, ''),
  params: [...routePath.matchAll(/:(\w+)/g)].map((match) => match[1]!),
  // A handler that reads a JSON body (or an upload) refuses a bad one before it acts, so it can be
  // sent bad bodies with the caller's own ids; any other handler would act on them.
  readsBody:
    router.routes.some(
      (route) => route.method === method && route.path === routePath && route.handler.toString().includes('readJson'),
    ) || isUpload(method, routePath.replace(/:\w+/g, '1')),
}))

/** Every field any JSON body of the API knows, from the zod schemas in api/<resource>/schema.ts. */
async function knownFields() {
  const apiDir = path.resolve(import.meta.dirname, '../../api')
  const fields = new Set<string>()
  for (const folder of readdirSync(apiDir, { withFileTypes: true })) {
    if (!folder.isDirectory() || !readdirSync(path.join(apiDir, folder.name)).includes('schema.ts')) continue
    const module: Record<string, unknown> = await import(path.join(apiDir, folder.name, 'schema.ts'))
    for (const value of Object.values(module))
      if (value instanceof z.ZodType) for (const key of objectKeys(value)) fields.add(key)
  }
  return [...fields].sort()
}

function objectKeys(schema: z.ZodTypeAny): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape)
  const def = schema._def as { innerType?: z.ZodTypeAny; schema?: z.ZodTypeAny; in?: z.ZodTypeAny }
  const inner = def.innerType ?? def.schema ?? def.in
  return inner ? objectKeys(inner) : []
}

const HUGE = 'x'.repeat(10_001) // past every field's limit
const OVER_BODY_LIMIT = JSON.stringify({ query: 'x'.repeat(1024 * 1024 + 1) })
const DEEP = 200_000

/** Bodies no endpoint may accept: not JSON, not UTF-8, not an object, unknown fields, too big. */
const malformedBodies: Array<[string, string | Uint8Array<ArrayBuffer>]> = [
  ['truncated JSON', '{"name": "Harbor'],
  ['a missing value', '{"name": }'],
  ['a trailing comma', '{"name": "Harbor",}'],
  ['plain text', 'not json at all'],
  ['an empty body', ''],
  ['bytes that are not UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
  ['null', 'null'],
  ['an array', '[{"name": "Harbor"}]'],
  ['a number', '42'],
  ['a string', '"Harbor"'],
  ['an unknown field', '{"zz_unknown_field": 1}'],
  ['a __proto__ field', '{"__proto__": {"is_staff": true, "role": "admin"}}'],
  ['a constructor field', '{"constructor": {"prototype": {"role": "admin"}}}'],
  ['NUL in an unknown key', '{"a\\u0000b": 1}'],
  ['arrays nested 200,000 deep', `{"zz": ${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`],
  ['a body over the 1 MB limit', OVER_BODY_LIMIT],
]

/** Values of the wrong type (or past every limit) for any field. */
const wrongValues: Array<[string, unknown]> = [
  ['an array of objects', [{ a: 1 }]],
  ['a negative fraction', -1.5],
  ['a huge number', 1e300],
  ['null', null],
  ['a nested object', { nested: { deep: [1, { x: null }] } }],
  ['true', true],
  ['a huge string', HUGE],
  ['NUL in a string', 'a\u0000b'],
]

let api: Harness
let fields: string[]
let admin: Session
/**
 * Path values of organization A (the caller's own) and of organization B (someone else's), by the
 * endpoint's resource (its first path segment) and parameter: ids of different tables may be equal.
 */
const own: Record<string, string> = {}
const other: Record<string, string> = {}

beforeAll(async () => {
  api = await startApi({ JOB_WORKER: 'false' })
  fields = await knownFields()
  // Organization B is the demo organization; A is Harbor, whose admin has never belonged to B.
  const demoAdmin = await signIn(api, 'admin')
  const harbor = await (
    await api.request('/organizations/', { method: 'POST', token: demoAdmin.access, json: { name: 'Harbor Capital' } })
  ).json()
  admin = await registerThroughInvitation(api, demoAdmin, harbor.slug, {
    email: 'olivia@harbor.example',
    username: 'olivia',
    role: 'admin',
  })

  const documentA = await (
    await upload(api, admin, { name: 'Harbor plan.txt', bytes: 'Harbor exit plan.' }, {}, harbor.slug)
  ).json()
  const documentB = await (
    await upload(api, demoAdmin, { name: 'Demo plan.txt', bytes: 'Demo exit plan.' }, {}, 'demo-advisory-group')
  ).json()
  const versionOf = async (session: Session, org: string, id: number) =>
    (await (await api.request(`/documents/${id}/versions/`, { token: session.access, org })).json())[0].id
  const invite = async (session: Session, org: string, email: string) => {
    const before = api.outbox().length
    const invitation = await (
      await api.request(`/organizations/${org}/invite/`, { method: 'POST', token: session.access, json: { email } })
    ).json()
    return { id: invitation.id, token: invitationToken(api.outbox().slice(before).join('\n')) }
  }
  const invitationA = await invite(admin, harbor.slug, 'newcomer@harbor.example')
  const invitationB = await invite(demoAdmin, 'demo-advisory-group', 'newcomer@demo.example')

  Object.assign(own, {
    'organizations:slug': harbor.slug,
    'documents:id': String(documentA.id),
    'documents:versionId': String(await versionOf(admin, harbor.slug, documentA.id)),
    'users:id': String(invitationA.id),
    'invitations:token': invitationA.token,
  })
  Object.assign(other, {
    'organizations:slug': 'demo-advisory-group',
    'documents:id': String(documentB.id),
    'documents:versionId': String(await versionOf(demoAdmin, 'demo-advisory-group', documentB.id)),
    'users:id': String(invitationB.id),
    // A token is the credential itself: B's real one would rightly be read. An unknown one stands in.
    'invitations:token': 'dGhpcy1pcy1ub3QtYS1yZWFsLXRva2Vu',
  })
}, 120_000)
afterAll(() => api.close())

/** Path values no endpoint may act on: NUL, traversal, huge, not numbers, broken encoding. */
const badPathValues: Array<[string, string]> = [
  ['NUL', '%00'],
  ['NUL after a number', '1%00'],
  ['path traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['a huge value', '9'.repeat(5000)],
  ['letters', 'abc'],
  ['a negative number', '-1'],
  ['a number past integer range', '99999999999'],
  ['broken percent-encoding', '%E0%A4%A'],
]

type Endpoint = (typeof endpoints)[number]

function fillPath(endpoint: Endpoint, value: (param: string) => string) {
  return endpoint.path.replace(/:(\w+)/g, (_match, param: string) => value(param))
}

// A new resource or parameter gets the organizations' document ids: still an id of each side.
const valueOf = (values: Record<string, string>, endpoint: Endpoint) => (param: string) =>
  values[`${endpoint.path.split('/')[1]}:${param}`] ?? values['documents:id']!

interface Probe {
  label: string
  path: string
  body?: string | Uint8Array<ArrayBuffer>
  headers?: Record<string, string>
  anonymous?: boolean
}

/** What one endpoint is sent: a bad value in each place a client controls, signed in and not. */
function probesFor(endpoint: Endpoint): Probe[] {
  const probes: Probe[] = []
  const hasBody = endpoint.method !== 'GET'
  const ownPath = fillPath(endpoint, valueOf(own, endpoint))
  const otherPath = fillPath(endpoint, valueOf(other, endpoint))
  // Bad path values, and another organization's ids; a body that is refused wherever it is read.
  if (endpoint.params.length) {
    probes.push({
      label: "another organization's ids",
      path: otherPath,
      body: hasBody ? '{"zz_unknown_field": 1}' : undefined,
    })
    for (const [label, value] of badPathValues)
      probes.push({
        label: `path: ${label}`,
        path: fillPath(endpoint, () => value),
        body: hasBody ? '{"zz_unknown_field": 1}' : undefined,
      })
  }
  // The request-sanity layer refuses these before any handler runs, so the caller's own ids are safe.
  for (const [label, query] of [
    ['NUL in the query string', 'search=%00&q=%00&page=%00&version=%00'],
    ['broken encoding in the query string', 'search=%E0%A4%A'],
  ]) {
    probes.push({ label, path: `${ownPath}?${query}` })
  }
  for (const [label, value] of [
    ['a control character in X-Organization', `${own['organizations:slug']}\u0001`],
    ['bytes that are not UTF-8 in X-Organization', `${own['organizations:slug']}\u00ff\u00fe`],
  ]) {
    probes.push({ label, path: ownPath, headers: { 'X-Organization': value } })
  }
  if (hasBody) {
    const bodyPaths = [...(endpoint.readsBody ? [ownPath] : []), ...(endpoint.params.length ? [otherPath] : [])]
    for (const bodyPath of bodyPaths) {
      for (const [label, body] of malformedBodies)
        probes.push({ label: `body: ${label} at ${bodyPath}`, path: bodyPath, body })
    }
    if (endpoint.readsBody) {
      for (const field of fields) {
        for (const [label, value] of wrongValues) {
          probes.push({ label: `field ${field}: ${label}`, path: ownPath, body: JSON.stringify({ [field]: value }) })
        }
      }
    }
  }
  // Without signing in: the same probes minus the per-field ones, which add nothing before a 401.
  const anonymous = probes
    .filter((probe) => !probe.label.startsWith('field '))
    .map((probe) => ({ ...probe, anonymous: true }))
  return [...probes, ...anonymous]
}

/**
 * A digest of every table, read back from the database. None is left out: no probe is a valid
 * sign-in attempt (each body lacks a field or breaks one), so not even login_failures may change.
 */
async function storedData() {
  const tables = rowsOf(
    await api.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ).map((row) => row.table_name as string)
  const digests: Record<string, string> = {}
  for (const table of tables) {
    const [row] = rowsOf(
      await api.db.execute(
        sql`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from ${sql.identifier(table)} t`,
      ),
    )
    digests[table] = row!.digest as string
  }
  return digests
}

/** A refusal with something to read: `detail`, or DRF field errors (lists of messages). */
function hasMessage(text: string) {
  try {
    const body = JSON.parse(text) as Record<string, unknown>
    if (typeof body.detail === 'string' && body.detail) return true
    return Object.values(body).some(
      (value) =>
        Array.isArray(value) &&
        value.length > 0 &&
        value.every((item) => typeof item === 'string' || typeof item === 'object'),
    )
  } catch {
    return false
  }
}

describe('every endpoint, sent malformed input', () => {
  it('covers every endpoint of the router', () => {
    expect(endpoints.length).toBeGreaterThan(40)
    expect(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toContain('PATCH /documents/:id/')
  })

  it.each(endpoints)('$method $path answers 4xx with a message, never 5xx, and changes nothing', async (endpoint) => {
    const before = await storedData()
    const failures: string[] = []
    for (const probe of probesFor(endpoint)) {
      const response = await api.request(probe.path, {
        method: endpoint.method,
        token: probe.anonymous ? undefined : admin.access,
        headers: { 'content-type': 'application/json', ...probe.headers },
        body: probe.body,
      })
      const text = await response.text()
      if (response.status < 400 || response.status > 499 || !hasMessage(text)) {
        failures.push(
          `${probe.anonymous ? 'anonymous' : 'admin'}, ${probe.label}: ${response.status} ${text.slice(0, 200)}`,
        )
      }
    }
    expect(failures).toEqual([])
    expect(await storedData()).toEqual(before)
  })
})
