// Drizzle's row mapping, patched (patches/) to decide each column's decoder, path and table once per
// list of columns instead of once per cell: rows must come out as they did before, nested, nulled
// for a missing joined row and decoded, however many rows share the list.
import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import * as drizzleUtils from 'drizzle-orm/utils'
import { describe, expect, it } from 'vitest'

// Internal to drizzle (left out of its types), and what every select's rows go through.
type Columns = { path: string[]; field: unknown }[]
const { mapResultRow, orderSelectedFields } = drizzleUtils as unknown as {
  mapResultRow(columns: Columns, row: unknown[], joinsNotNullableMap?: Record<string, boolean>): Record<string, unknown>
  orderSelectedFields(fields: Record<string, unknown>): Columns
}

const owners = pgTable('owners', {
  id: integer('id').primaryKey(),
  email: text('email').notNull(),
})
const files = pgTable('files', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  tags: jsonb('tags').$type<string[]>(),
  ownerId: integer('owner_id'),
})

describe('a row mapped by its query’s columns', () => {
  it('reads a flat selection, decoding each column and a mapped expression', () => {
    const columns = orderSelectedFields({
      id: files.id,
      createdAt: files.createdAt,
      ownerEmail: owners.email,
      versions: sql<number>`count(*)`.mapWith(Number),
    })
    expect(mapResultRow(columns, [7, '2026-12-04 05:02:53.356+00', 'a@b.example', '3'])).toEqual({
      id: 7,
      createdAt: new Date('2026-12-04T05:02:53.356Z'),
      ownerEmail: 'a@b.example',
      versions: 3,
    })
  })

  it('nests tables and nulls a left-joined table whose row is missing, not one whose columns are null', () => {
    const columns = orderSelectedFields({ file: files, owner: owners })
    const joins = { files: true, owners: false }
    const joined = [1, 'Lease', '2026-01-02 03:04:05+00', null, 9, 9, 'o@b.example']
    const alone = [2, 'Memo', '2026-01-02 03:04:05+00', null, null, null, null]
    expect(mapResultRow(columns, joined, joins)).toEqual({
      file: { id: 1, title: 'Lease', createdAt: new Date('2026-01-02T03:04:05Z'), tags: null, ownerId: 9 },
      owner: { id: 9, email: 'o@b.example' },
    })
    expect(mapResultRow(columns, alone, joins)).toEqual({
      file: { id: 2, title: 'Memo', createdAt: new Date('2026-01-02T03:04:05Z'), tags: null, ownerId: null },
      owner: null,
    })
    // The same list again, now known: the first row's answer has not leaked into the second's.
    expect(mapResultRow(columns, joined, joins).owner).toEqual({ id: 9, email: 'o@b.example' })
    expect(mapResultRow(columns, alone, joins).owner).toBeNull()
  })

  it('keeps a nested object whose table is not the missing one', () => {
    // Two tables under one name: a null from one does not null the object (drizzle's rule).
    const columns = orderSelectedFields({ mixed: { title: files.title, email: owners.email } })
    expect(mapResultRow(columns, ['Lease', null], { files: true, owners: false })).toEqual({
      mixed: { title: 'Lease', email: null },
    })
  })
})
