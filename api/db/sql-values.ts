import { sql } from 'drizzle-orm'

// Values for raw SQL that both drivers (PGlite and postgres-js) pass through the same way.

/** pgvector's text form. Vectors travel as text: both drivers pass it through unchanged. */
export const vectorLiteral = (vector: ArrayLike<number>) => `[${Array.from(vector).join(',')}]`

/** PGlite answers `{rows}`, postgres-js an array of rows. */
export const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Array<Record<string, unknown>>

/** Arrays travel as their Postgres text form, which both drivers pass through unchanged. */
export const textArray = (values: Array<string | null>) =>
  sql`${`{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`}::text[]`
export const intArray = (values: number[]) => sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`
export const floatArray = (values: number[]) => sql`${`{${values.join(',')}}`}::float8[]`
