import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { vectorLiteral } from '../../api/db/sql-values'

/*
 * A question's vector travels to pgvector as text written in hexadecimal floats (api/db/sql-values.ts):
 * what the database reads must be the very single-precision values the embedder made, every one.
 */
let db: PGlite

beforeAll(async () => {
  db = await PGlite.create({ extensions: { vector } })
  await db.exec('create extension vector')
})
afterAll(() => db.close())

/** The vector pgvector reads from `literal`, element by element as real numbers. */
async function read(literal: string) {
  const { rows } = await db.query<{ values: string }>('select $1::vector::real[]::text as values', [literal])
  return rows[0]!.values.slice(1, -1).split(',').map(Number)
}

it('gives pgvector the exact single-precision value of each element, sign, subnormals and extremes too', async () => {
  const edges = [0, -0, 1, -1.5, 0.1, 2 ** -149, -(2 ** -140), 2 ** -126, 3.4028234663852886e38, -1e-30, 123456.789]
  let seed = 42
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5) * 2 ** ((seed % 40) - 20)
  const values = Float32Array.from([...edges, ...Array.from({ length: 500 }, random)])
  const literal = vectorLiteral(values)
  expect(literal).toMatch(/^\[0x0p-126,-0x0p-126,0x1p0,-0x1\.8p0,0x1\.99999ap-4,/)
  const stored = await read(literal)
  expect(stored).toHaveLength(values.length)
  stored.forEach((value, index) => expect(Object.is(Math.fround(value), values[index]), `element ${index}`).toBe(true))
})

it('reads the same vector as the decimal form, and measures the same distances', async () => {
  const query = Float32Array.from({ length: 100 }, (_, index) => Math.sin(index * 1.7) / 7)
  const passage = Float32Array.from({ length: 100 }, (_, index) => Math.cos(index * 0.3) / 5)
  const decimal = (values: Float32Array) => `[${Array.from(values).join(',')}]`
  expect(await read(vectorLiteral(query))).toEqual(await read(decimal(query)))
  const distance = async (a: string, b: string) =>
    (await db.query<{ d: number }>('select $1::vector <=> $2::vector as d', [a, b])).rows[0]!.d
  expect(await distance(vectorLiteral(query), vectorLiteral(passage))).toBe(
    await distance(decimal(query), decimal(passage)),
  )
})

it('leaves infinities and NaN for pgvector to refuse, as it always did', async () => {
  for (const bad of [Number.POSITIVE_INFINITY, Number.NaN]) {
    await expect(read(vectorLiteral([1, bad]))).rejects.toThrow(/not allowed in vector/)
  }
})
