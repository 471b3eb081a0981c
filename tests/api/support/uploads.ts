import { readFileSync } from 'node:fs'
import path from 'node:path'

import { DocumentSchema } from '../../../api/documents/contract'
import { inContract } from './contract'
import type { Harness, Session } from './harness'

export const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus/parsing')

export const corpusFile = (relative: string) => new Uint8Array(readFileSync(path.join(CORPUS, relative)))

export interface Part {
  name: string
  bytes: Uint8Array<ArrayBuffer> | string
  type?: string
}

/** A multipart body with files and plain fields, as a browser's form would send it. */
export function form(files: Record<string, Part | Part[]>, fields: Record<string, string> = {}) {
  const body = new FormData()
  for (const [field, value] of Object.entries(fields)) body.append(field, value)
  for (const [field, parts] of Object.entries(files)) {
    for (const part of Array.isArray(parts) ? parts : [parts]) {
      body.append(field, new Blob([part.bytes], { type: part.type ?? 'application/octet-stream' }), part.name)
    }
  }
  return body
}

export async function upload(
  api: Harness,
  session: Session,
  files: Part,
  fields: Record<string, string> = {},
  org?: string,
) {
  return api.request('/documents/', { method: 'POST', token: session.access, org, body: form({ file: files }, fields) })
}

/** Waits until the job worker has nothing left to do, then answers the document. */
export async function processed(api: Harness, session: Session, id: number) {
  await api.worker!.idle()
  const response = await api.request(`/documents/${id}/`, { token: session.access })
  return inContract(DocumentSchema, await response.json())
}

export async function uploadBatch(
  api: Harness,
  session: Session,
  files: Part[],
  fields: Record<string, string> = {},
  org?: string,
) {
  return api.request('/documents/upload_batch/', {
    method: 'POST',
    token: session.access,
    org,
    body: form({ files }, fields),
  })
}

/** POST /documents/resolve_duplicates/: settles files an upload held back with on_duplicate=ask. */
export async function resolveDuplicates(
  api: Harness,
  session: Session,
  choices: Array<Record<string, string>>,
  org?: string,
) {
  return api.request('/documents/resolve_duplicates/', {
    method: 'POST',
    token: session.access,
    org,
    json: { choices },
  })
}
