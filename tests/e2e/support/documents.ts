import { closeSync, openSync, readFileSync, truncateSync } from 'node:fs'
import path from 'node:path'

import { expect } from '@playwright/test'

import { api, apiSignIn, baseURL, type TeamUser } from './api'

export type UploadSource = { title: string } & ({ name: string; content: string } | { path: string })

export interface UploadedDocument {
  id: number
  title: string
}

/** Uploads one document to `organization` through POST /api/documents/, as `user` (admin or analyst). */
export async function uploadDocument(
  user: TeamUser,
  organization: string,
  source: UploadSource,
  base = baseURL(),
): Promise<UploadedDocument> {
  const { access } = await apiSignIn(user.username, user.password, base)
  const body = new FormData()
  body.append('title', source.title)
  if ('path' in source) body.append('file', new Blob([readFileSync(source.path)]), path.basename(source.path))
  else body.append('file', new Blob([source.content], { type: 'text/plain' }), source.name)
  const response = await fetch(`${base}/api/documents/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}`, 'x-organization': organization },
    body,
  })
  const text = await response.text()
  if (response.status !== 201) throw new Error(`Upload of "${source.title}" answered ${response.status}: ${text}`)
  const document = JSON.parse(text) as { id: number; title: string }
  return { id: document.id, title: document.title }
}

/** Waits until the server's worker has processed the document (its chunks are then searchable). */
export const waitUntilProcessed = (
  user: TeamUser,
  organization: string,
  document: UploadedDocument,
  base = baseURL(),
) => waitUntilStatus(user, organization, document, 'processed', base)

/** Waits until the server's worker has brought the document to `status` (processed or failed). */
export async function waitUntilStatus(
  user: TeamUser,
  organization: string,
  document: UploadedDocument,
  status: 'processed' | 'failed',
  base = baseURL(),
) {
  const { access } = await apiSignIn(user.username, user.password, base)
  await expect
    .poll(
      async () => {
        const response = await fetch(`${base}/api/documents/${document.id}/`, {
          headers: { authorization: `Bearer ${access}`, 'x-organization': organization },
        })
        return ((await response.json()) as { processing_status?: string }).processing_status
      },
      { message: `"${document.title}" is ${status}`, timeout: 30_000 },
    )
    .toBe(status)
}

/** Uploads the documents and waits until every one of them is processed (on another server when `base` says so). */
export async function uploadProcessed(user: TeamUser, organization: string, sources: UploadSource[], base = baseURL()) {
  const documents: UploadedDocument[] = []
  for (const source of sources) documents.push(await uploadDocument(user, organization, source, base))
  for (const document of documents) await waitUntilProcessed(user, organization, document, base)
  return documents
}

/** POST /api/search/ as `user` in `organization`: the titles of the passages found, best first. */
export async function searchTitles(user: TeamUser, organization: string, query: string) {
  const { access } = await apiSignIn(user.username, user.password)
  const response = await fetch(`${baseURL()}/api/search/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}`, 'x-organization': organization, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  })
  if (!response.ok) throw new Error(`Search answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { results: Array<{ document_title: string }> }).results.map(
    (result) => result.document_title,
  )
}

/** GET /api/documents/:id/versions/ as `user`: the version numbers, newest first, with the current one marked. */
export async function versionNumbers(user: TeamUser, organization: string, document: UploadedDocument) {
  const { access } = await apiSignIn(user.username, user.password)
  const response = await fetch(`${baseURL()}/api/documents/${document.id}/versions/`, {
    headers: { authorization: `Bearer ${access}`, 'x-organization': organization },
  })
  if (!response.ok) throw new Error(`Versions answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as Array<{ version_number: number; is_current: boolean }>).map(
    (version) => `${version.version_number}${version.is_current ? ' current' : ''}`,
  )
}

/** GET /api/documents/ as `user`: the titles of the organization's documents, sorted. */
export async function documentTitles(user: TeamUser, organization: string) {
  const { access } = await apiSignIn(user.username, user.password)
  const response = await fetch(`${baseURL()}/api/documents/?page_size=100`, {
    headers: { authorization: `Bearer ${access}`, 'x-organization': organization },
  })
  if (!response.ok) throw new Error(`Documents answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { results: Array<{ title: string }> }).results
    .map((document) => document.title)
    .sort()
}

/**
 * Uploads one file to the caller's organization on the server at `base` with an access token, and
 * waits until it is processed (a cold server's first read takes longest): its id.
 */
export async function uploadFileProcessed(base: string, token: string, name: string, file: Blob) {
  const body = new FormData()
  body.append('file', file, name)
  const response = await fetch(`${base}/api/documents/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  })
  expect(response.status, await response.clone().text()).toBe(201)
  const { id } = (await response.json()) as { id: number }
  await expect
    .poll(
      async () =>
        (await api<{ processing_status: string }>('GET', `/documents/${id}/`, { token, base })).processing_status,
      {
        message: `${name} is processed`,
        timeout: 120_000,
      },
    )
    .toBe('processed')
  return id
}

/** A file of `size` bytes at `file`, sparse: only its length is written (Playwright takes no buffer over 50 MB). */
export function sparseFile(file: string, size: number) {
  closeSync(openSync(file, 'w'))
  truncateSync(file, size)
  return file
}
