import { MAX_ID } from '../../shared/ids'

/** An id from the URL (`/documents/:documentId`): a whole number from 1 to MAX_ID, else null (no row has it). */
export function idFrom(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null
  const id = Number(raw)
  return id >= 1 && id <= MAX_ID ? id : null
}

/** The id from the URL, or a 404 page saying what was not found. */
export function requireId(raw: string | undefined, notFound = 'Not Found'): number {
  const id = idFrom(raw)
  if (id === null) throw new Response(notFound, { status: 404 })
  return id
}
