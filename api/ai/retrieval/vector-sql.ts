import { sql } from 'drizzle-orm'

/** pgvector's text form. Vectors travel as text: both drivers pass it through unchanged. */
export const vectorLiteral = (vector: ArrayLike<number>) => `[${Array.from(vector).join(',')}]`

export const isZero = (vector: ArrayLike<number>) => Array.from(vector).every((value) => value === 0)

/** The normalised mean of unit vectors: a document's direction from its chunks'. */
export function meanVector(vectors: Float32Array[]): Float32Array | null {
  const first = vectors[0]
  if (!first) return null
  const sum = new Float64Array(first.length)
  for (const vector of vectors) for (let d = 0; d < sum.length; d++) sum[d]! += vector[d]!
  const length = Math.hypot(...sum)
  return length > 0 ? Float32Array.from(sum, (value) => value / length) : null
}

/** PGlite answers `{rows}`, postgres-js an array of rows. */
export const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Array<Record<string, unknown>>

/** Arrays travel as their Postgres text form, which both drivers pass through unchanged. */
export const textArray = (values: Array<string | null>) =>
  sql`${`{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`}::text[]`
export const intArray = (values: number[]) => sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`
export const floatArray = (values: number[]) => sql`${`{${values.join(',')}}`}::float8[]`
