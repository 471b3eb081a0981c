/** The largest id a PostgreSQL `integer` column holds; a bigger one can name no row. */
export const MAX_ID = 2_147_483_647

/** An id from a URL (`/documents/:documentId`): a whole number from 1 to MAX_ID, else null (no row has it). */
export function idFrom(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null
  const id = Number(raw)
  return id >= 1 && id <= MAX_ID ? id : null
}
