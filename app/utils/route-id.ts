import { idFrom } from '#shared/ids'

export { idFrom }

/** The id from the URL, or a 404 page saying what was not found. */
export function requireId(raw: string | undefined, notFound = 'Not Found'): number {
  const id = idFrom(raw)
  if (id === null) throw new Response(notFound, { status: 404 })
  return id
}
