import { sql } from 'drizzle-orm'

// Values for raw SQL that both drivers (PGlite and postgres-js) pass through the same way.

/**
 * pgvector's text form. Vectors travel as text: both drivers pass it through unchanged. Each element
 * is its single-precision value written as a hexadecimal float (`0x1.18p-3`), which pgvector's
 * parser (C's `strtof`) reads exactly and without the decimal conversion that cost the embedded
 * database ~100 µs a vector of 100 elements, three times in every question's candidates
 * (docs/benchmarks.md, stop 93). An embedder's vector (a Float32Array) arrives bit for bit; any
 * other number is rounded to single precision here, as pgvector would store it.
 */
export const vectorLiteral = (vector: ArrayLike<number>) => `[${Array.from(vector, hexFloat).join(',')}]`

const bits = new DataView(new ArrayBuffer(4))

/** `value` rounded to single precision, as a hexadecimal float; infinities and NaN as decimals (pgvector refuses them). */
function hexFloat(value: number) {
  if (!Number.isFinite(value)) return String(value)
  bits.setFloat32(0, value)
  const word = bits.getUint32(0)
  const sign = word >>> 31 ? '-' : ''
  const exponent = (word >>> 23) & 0xff
  // The 23 bits of the fraction as six hexadecimal digits (24 bits), trailing zeros dropped.
  const fraction = ((word & 0x7fffff) << 1).toString(16).padStart(6, '0').replace(/0+$/, '')
  const digits = fraction ? `.${fraction}` : ''
  // Subnormals (and zero) have no leading 1 and the smallest exponent.
  return exponent === 0 ? `${sign}0x0${digits}p-126` : `${sign}0x1${digits}p${exponent - 127}`
}

/** PGlite answers `{rows}`, postgres-js an array of rows. */
export const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Array<Record<string, unknown>>

/** Arrays travel as their Postgres text form, which both drivers pass through unchanged. */
export const textArray = (values: Array<string | null>) =>
  sql`${`{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`}::text[]`
export const intArray = (values: number[]) => sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`
export const floatArray = (values: number[]) => sql`${`{${values.join(',')}}`}::float8[]`
