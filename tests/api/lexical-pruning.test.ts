import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { analyze, joinTerms } from '../../api/ai/retrieval/analyzer'
import { B, K1, lexicalCandidates } from '../../api/ai/retrieval/bm25'
import { createListsKeeper } from '../../api/ai/retrieval/lists-keeper'
import { vacuumSearchTables } from '../../api/ai/retrieval/maintenance'
import { writePostings } from '../../api/ai/retrieval/postings'
import { createPostingsCache, type PostingsCache } from '../../api/ai/retrieval/postings-cache'
import { openDatabase } from '../../api/db/client'
import type { Database } from '../../api/db/database'
import { rowsOf } from '../../api/db/sql-values'
import { openWireDatabase } from '../support/wire-database'

let database: Awaited<ReturnType<typeof openDatabase>>
let organizationId: number
const chunks: Array<{ id: number; terms: string[] }> = []

/**
 * The database, recording the terms among the parameters of every statement that ranks postings,
 * every statement that reads the chunks or their postings, and every statement.
 */
function recording(db: Database) {
  const dialect = new PgDialect()
  const rankings: string[][] = []
  const reads: string[] = []
  const statements: string[] = []
  const wrapped = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver)
      return (query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query)
        statements.push(text)
        if (/from (chunk_terms|document_chunks)/.test(text)) reads.push(text)
        // A term is a parameter of its own or an element of an array parameter ('{"a","b"}').
        if (/from chunk_terms[\s\S]*order by score desc/.test(text))
          rankings.push(
            params.flatMap((param) =>
              String(param)
                .replace(/^\{|\}$/g, '')
                .split(',')
                .map((term) => term.replace(/^"|"$/g, '')),
            ),
          )
        return target.execute(query)
      }
    },
  })
  return { db: wrapped, rankings, reads, statements }
}

// 1,200 chunks: "year" and "total" in most of them, "lease" in 150, "renew" in 40, "dayton" in 3.
function chunkText(index: number) {
  const words = [`filler${index % 97}`, `word${index % 31}`]
  if (index % 5 !== 0) words.push('year')
  if (index % 3 !== 0) words.push('total', 'total')
  if (index % 8 === 0) words.push('lease')
  if (index % 30 === 0) words.push('renewal')
  if (index === 240 || index === 480 || index === 1080) words.push('Dayton')
  for (let extra = 0; extra < index % 7; extra++) words.push(`pad${extra}`)
  return words.join(' ')
}

beforeAll(async () => {
  // The wire run reads the packed lists as the `postgres` driver gives bytea back.
  database = process.env.TEST_DATABASE === 'wire' ? await openWireDatabase() : await openDatabase({})
  await database.migrate()
  const { db } = database
  organizationId = Number(
    rowsOf(await db.execute(sql`insert into organizations (name, slug) values ('Pruning', 'pruning') returning id`))[0]!
      .id,
  )
  const documentId = Number(
    rowsOf(
      await db.execute(sql`insert into documents (organization_id, title, file_name, file_type, file_size)
        values (${organizationId}, 'Report', 'report.txt', 'txt', 1) returning id`),
    )[0]!.id,
  )
  const versionId = Number(
    rowsOf(
      await db.execute(sql`insert into document_versions (document_id, version_number, file_name, file_type, file_size, storage_key)
        values (${documentId}, 1, 'report.txt', 'txt', 1, 'key') returning id`),
    )[0]!.id,
  )
  for (let index = 0; index < 1_200; index++) {
    const text = chunkText(index)
    const terms = analyze(text)
    const [row] = rowsOf(
      await db.execute(sql`insert into document_chunks
        (organization_id, document_id, version_id, chunk_index, text, token_count, term_count, terms)
        values (${organizationId}, ${documentId}, ${versionId}, ${index}, ${text}, ${terms.length}, ${terms.length}, ${joinTerms(terms)})
        returning id`),
    )
    chunks.push({ id: Number(row!.id), terms })
  }
  await writePostings(db, organizationId, chunks)
})
afterAll(() => database.close())

const rank = (
  db: Database,
  query: string,
  options: { budget?: number; pruning?: boolean; held?: PostingsCache } = {},
) => lexicalCandidates(db, { organizationId, terms: analyze(query), limit: 20, ...options })

/** The top 20 by BM25 over `query`'s terms, computed here from the chunks' own terms. */
function bm25Reference(query: string) {
  const terms = [...new Set(analyze(query))]
  const averageLength = chunks.reduce((sum, chunk) => sum + chunk.terms.length, 0) / chunks.length
  const df = new Map(terms.map((term) => [term, chunks.filter((chunk) => chunk.terms.includes(term)).length]))
  return chunks
    .map(({ id, terms: held }) => {
      let score = 0
      for (const term of terms) {
        const frequency = held.filter((one) => one === term).length
        if (!frequency) continue
        const idf = Math.log(1 + (chunks.length - df.get(term)! + 0.5) / (df.get(term)! + 0.5))
        score += (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * held.length) / averageLength))
      }
      return { id, score }
    })
    .filter((chunk) => chunk.score > 0)
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, 20)
    .map((chunk) => chunk.id)
}

describe('lexical candidates with common terms', () => {
  it('ranks every posting as BM25 computed from the chunks themselves, one term or several', async () => {
    for (const query of ['lease', 'total lease year', 'Dayton lease renewal total year', 'Dayton total']) {
      expect((await rank(database.db, query, { pruning: false })).chunkIds, query).toEqual(bm25Reference(query))
      expect((await rank(database.db, query, { budget: 500 })).chunkIds, query).toEqual(bm25Reference(query))
    }
  })

  it('ranks a query with rarer terms exactly as every posting would, without ranking the common ones’ postings', async () => {
    for (const query of ['total lease year', 'Dayton lease renewal total year', 'renewal year']) {
      const unpruned = recording(database.db)
      const everyPosting = await rank(unpruned.db, query, { pruning: false })
      // What the recording finds when a common term's postings are ranked.
      expect(unpruned.rankings.flat(), query).toContain('year')
      const { db, rankings } = recording(database.db)
      const pruned = await rank(db, query, { budget: 500 })
      expect(pruned.chunkIds, query).toEqual(everyPosting.chunkIds)
      expect(pruned.chunkIds).toHaveLength(20)
      // The statistics count every term; the ranking reads no common term's postings.
      expect(rankings.length, query).toBeGreaterThan(0)
      for (const params of rankings) expect(params, query).not.toEqual(expect.arrayContaining(['year']))
      for (const params of rankings) expect(params, query).not.toEqual(expect.arrayContaining(['total']))
    }
  })

  it('scores the rarer terms’ best candidates fully when their scores cannot prove the top', async () => {
    // With "renewal" (40 chunks) alone within the budget, a chunk holding only "lease" could score
    // more than the 20th best "renewal": the 40 are scored with "lease" too, and the best 20 kept.
    const { db, rankings } = recording(database.db)
    const pruned = await rank(db, 'renewal lease', { budget: 100 })
    expect(pruned.chunkIds).toEqual((await rank(database.db, 'renewal lease', { pruning: false })).chunkIds)
    expect(rankings.length).toBeGreaterThan(0)
    for (const params of rankings) expect(params).not.toEqual(expect.arrayContaining(['leas']))
  })

  it('still returns the best chunks for a query of common terms alone', async () => {
    const everyPosting = await rank(database.db, 'total year', { pruning: false })
    const pruned = await rank(database.db, 'total year', { budget: 500 })
    expect(pruned.chunkIds).toHaveLength(20)
    expect(pruned.chunkIds).toEqual(everyPosting.chunkIds)
  })

  it('reads a common term’s postings when a chunk holding only common terms could be in the top', async () => {
    // "dayton" is in 3 chunks only: the other 17 places go to chunks with common terms alone.
    const everyPosting = await rank(database.db, 'Dayton total', { pruning: false })
    const pruned = await rank(database.db, 'Dayton total', { budget: 500 })
    expect(pruned.chunkIds).toEqual(everyPosting.chunkIds)
    expect(pruned.chunkIds).toHaveLength(20)
  })

  it('keeps to the documents asked for', async () => {
    const pruned = await lexicalCandidates(database.db, {
      organizationId,
      terms: analyze('lease year'),
      limit: 5,
      documentIds: [-1],
      budget: 500,
    })
    expect(pruned.chunkIds).toEqual([])
  })
})

async function currentGeneration() {
  const [row] = rowsOf(
    await database.db.execute(sql`select search_generation from organizations where id = ${organizationId}`),
  )
  return Number(row!.search_generation)
}

describe('postings held by the process', () => {
  const queries = ['total lease year', 'Dayton lease renewal total year', 'Dayton year', 'total year']

  it('rank a question from the lists once read, exactly as every posting, without reading a chunk', async () => {
    const held = createPostingsCache()
    for (const query of queries)
      expect((await rank(database.db, query, { budget: 500, held })).chunkIds, query).toEqual(bm25Reference(query))
    await held.settled()
    for (const query of queries) {
      const { db, reads } = recording(database.db)
      expect((await rank(db, query, { budget: 500, held })).chunkIds, query).toEqual(bm25Reference(query))
      expect(reads, query).toEqual([])
    }
  })

  it('rank a question whose common terms are held with its rarer terms read in one statement', async () => {
    const held = createPostingsCache()
    await rank(database.db, 'total year', { budget: 500, held })
    await held.settled()
    // "dayton", "lease" and "renew" have 193 postings, within the budget; "total" and "year" are held.
    const query = 'Dayton lease renewal total year'
    const { db, reads, rankings } = recording(database.db)
    expect((await rank(db, query, { budget: 500, held })).chunkIds).toEqual(bm25Reference(query))
    expect([reads.length, rankings]).toEqual([1, []])
    const generation = await currentGeneration()
    expect(held.lists(organizationId, generation, ['dayton', 'leas', 'renew']).missing).toEqual([])
    // Read at a generation the organization has left, they are neither used nor held.
    const stale = createPostingsCache()
    expect(await stale.readNow(database.db, organizationId, generation - 1, ['dayton'])).toBeNull()
    expect(stale.lists(organizationId, generation - 1, ['dayton']).missing).toEqual(['dayton'])
  })

  it('are not used once the organization’s chunks change, and are read again', async () => {
    const held = createPostingsCache()
    await rank(database.db, 'renewal total', { budget: 500, held })
    await held.settled()
    const before = await rank(database.db, 'renewal total', { budget: 500, held })
    // A chunk holding "renewal" twice, whose postings raise the organization's search generation.
    const text = 'renewal renewal total'
    const terms = analyze(text)
    const [row] = rowsOf(
      await database.db.execute(sql`insert into document_chunks
        (organization_id, document_id, version_id, chunk_index, text, token_count, term_count, terms)
        select organization_id, document_id, version_id, 5000, ${text}, ${terms.length}, ${terms.length}, ${joinTerms(terms)}
        from document_chunks where id = ${chunks[0]!.id} returning id`),
    )
    const added = { id: Number(row!.id), terms }
    chunks.push(added)
    await writePostings(database.db, organizationId, [added])
    const { db, rankings } = recording(database.db)
    const after = await rank(db, 'renewal total', { budget: 500, held })
    expect(after.chunkIds).toEqual(bm25Reference('renewal total'))
    expect(after.chunkIds).toContain(added.id)
    expect(before.chunkIds).not.toContain(added.id)
    expect(rankings.length).toBeGreaterThan(0)
    await held.settled()
    const again = recording(database.db)
    expect((await rank(again.db, 'renewal total', { budget: 500, held })).chunkIds).toEqual(after.chunkIds)
    expect(again.reads).toEqual([])
  })

  it('are read a slice a statement, a question going before the next slice', async () => {
    const sliced = createPostingsCache({ slicePostings: 100 })
    const order: string[] = []
    let asked: Promise<unknown> | null = null
    // The database as the cache sees it: once the first slice is read, a question is asked.
    const pausing = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver)
        return async (query: SQL) => {
          order.push('slice')
          const result = await target.execute(query)
          asked ??= sliced.asking(async () => {
            const { db, reads } = recording(database.db)
            await rank(db, 'Dayton lease year', { budget: 500 })
            order.push(...reads.map(() => 'question'))
          })
          return result
        }
      },
    })
    sliced.read(pausing, organizationId, [{ term: 'year', postings: 960 }])
    await sliced.settled()
    await asked
    // "year" is in 960 of the 1,200 chunks: ten slices, and the question's reads after the first.
    const reads = order.filter((step) => step === 'question').length
    expect(reads).toBeGreaterThan(0)
    expect(order).toEqual(['slice', ...Array<string>(reads).fill('question'), ...Array<string>(9).fill('slice')])
    const list = sliced.lists(organizationId, await currentGeneration(), ['year']).lists.get('year')!
    const holding = chunks.filter((chunk) => chunk.terms.includes('year'))
    expect([...list.chunkIds]).toEqual(holding.map((chunk) => chunk.id).sort((a, b) => a - b))
    expect([...list.frequencies].every((frequency) => frequency === 1)).toBe(true)

    // Slices read at two generations are not one list: it is not held, and read again when asked.
    const moving = createPostingsCache({ slicePostings: 100 })
    let raised = false
    const changing = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver)
        return async (query: SQL) => {
          const result = await target.execute(query)
          if (!raised) {
            raised = true
            await target.execute(sql`update organizations set search_generation = search_generation + 1
              where id = ${organizationId}`)
          }
          return result
        }
      },
    })
    moving.read(changing, organizationId, [{ term: 'year', postings: 960 }])
    await moving.settled()
    const generation = await currentGeneration()
    for (const at of [generation - 1, generation])
      expect(moving.lists(organizationId, at, ['year']).missing).toEqual(['year'])
  })

  it('hold the organization’s commonest lists, read ahead once a generation, after its first question', async () => {
    const ahead = createPostingsCache()
    await rank(database.db, 'Dayton total', { budget: 500, held: ahead })
    await ahead.settled()
    // Terms in at least 25 chunks (a twentieth of the budget), never asked, are held.
    let generation = await currentGeneration()
    expect(ahead.lists(organizationId, generation, ['year', 'leas', 'renew', 'word1']).missing).toEqual([])
    const query = 'lease renewal year word1'
    const { db, reads } = recording(database.db)
    expect((await rank(db, query, { budget: 500, held: ahead })).chunkIds).toEqual(bm25Reference(query))
    expect(reads).toEqual([])
    // Once a generation: found again only when the organization's chunks changed.
    let lookups = 0
    const counting = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver)
        return (query: SQL) => {
          if (
            /from term_statistics\s+where organization_id = \$1 and chunks >=/.test(
              new PgDialect().sqlToQuery(query).sql,
            )
          )
            lookups++
          return target.execute(query)
        }
      },
    })
    const once = createPostingsCache()
    for (const question of ['Dayton total', 'lease year']) {
      await rank(counting, question, { budget: 500, held: once })
      await once.settled()
    }
    await database.db.execute(sql`update organizations set search_generation = search_generation + 1
      where id = ${organizationId}`)
    await rank(counting, 'Dayton total', { budget: 500, held: once })
    await once.settled()
    // At the first generation the lists `ahead` kept are held again without finding the terms.
    expect(lookups).toBe(1)
    // Left once the organization's chunks change: the first list read ahead finds it at another
    // generation, reads nothing, and the others are dropped; the question's own terms are read.
    await database.db.execute(sql`update organizations set search_generation = search_generation + 1
      where id = ${organizationId}`)
    const moving = createPostingsCache()
    let slices = 0
    const changing = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver)
        return async (query: SQL) => {
          const { sql: text } = new PgDialect().sqlToQuery(query)
          if (/string_agg/.test(text)) slices++
          const result = await target.execute(query)
          if (/from term_statistics\s+where organization_id = \$1 and chunks >=/.test(text))
            await target.execute(sql`update organizations set search_generation = search_generation + 1
              where id = ${organizationId}`)
          return result
        }
      },
    })
    await rank(changing, 'Dayton total', { budget: 500, held: moving })
    await moving.settled()
    generation = await currentGeneration()
    const moved = moving.lists(organizationId, generation, ['dayton', 'total', 'year', 'leas'])
    expect([[...moved.lists.keys()], moved.missing, slices]).toEqual([['dayton', 'total'], ['year', 'leas'], 3])
    // Up to the postings it is given, commonest first: "pad0" (1,028 chunks) and "year" (960), not
    // "pad1" (856) nor "total" (800).
    const bounded = createPostingsCache({ aheadPostings: 2_000 })
    await rank(database.db, 'Dayton lease', { budget: 100, held: bounded })
    await bounded.settled()
    const commonest = ['pad0', 'year', 'pad1', 'total']
    expect(bounded.lists(organizationId, generation, commonest).missing).toEqual(['pad1', 'total'])
  })

  it('keep the lists read ahead, held again from them by a process started after, until the chunks change', async () => {
    await database.db.execute(sql`update organizations set search_generation = search_generation + 1
      where id = ${organizationId}`)
    const generation = await currentGeneration()
    const first = createPostingsCache()
    await rank(database.db, 'Dayton total', { budget: 500, held: first })
    await first.settled()
    const kept = async () =>
      rowsOf(
        await database.db.execute(sql`select organization_id, generation::float8 as generation, term
          from kept_posting_lists order by rank`),
      )
    const commonest = ['year', 'total', 'leas', 'renew']
    expect((await kept()).map((row) => [Number(row.organization_id), Number(row.generation)])).toEqual(
      Array((await kept()).length).fill([organizationId, generation]),
    )
    expect((await kept()).map((row) => row.term)).toEqual(expect.arrayContaining(commonest))
    // Another organization, whose generation is the same number, holds none of them.
    const otherId = Number(
      rowsOf(
        await database.db.execute(sql`insert into organizations (name, slug, search_generation)
          values ('Other', 'other-kept', ${generation}) returning id`),
      )[0]!.id,
    )
    const { db, reads } = recording(database.db)
    const restarted = createPostingsCache()
    restarted.restore(db)
    await restarted.settled()
    expect(reads).toEqual([])
    const held = restarted.lists(organizationId, generation, commonest)
    expect(held.missing).toEqual([])
    for (const [term, list] of held.lists)
      expect(list).toEqual(first.lists(organizationId, generation, [term]).lists.get(term))
    expect(restarted.lists(otherId, generation, commonest).missing).toEqual(commonest)
    const query = 'lease renewal year total'
    expect((await rank(db, query, { budget: 500, held: restarted })).chunkIds).toEqual(bm25Reference(query))
    // Kept lists gone between a start's lookup and their reading: the organization's next question
    // reads them ahead, as with none kept.
    const racing = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver)
        return async (statement: SQL) => {
          const result = await target.execute(statement)
          if (/group by k\.organization_id/.test(new PgDialect().sqlToQuery(statement).sql))
            await target.execute(sql`delete from kept_posting_lists`)
          return result
        }
      },
    })
    const raced = createPostingsCache()
    raced.restore(racing)
    await raced.settled()
    expect(raced.lists(organizationId, generation, commonest).missing).toEqual(commonest)
    await rank(database.db, 'Dayton total', { budget: 500, held: raced })
    await raced.settled()
    expect(raced.lists(organizationId, generation, commonest).missing).toEqual([])
    // The organization's chunks change: its kept lists are gone, and a process started then holds none.
    await database.db.execute(sql`update organizations set search_generation = search_generation + 1
      where id = ${organizationId}`)
    expect(await kept()).toEqual([])
    // The search tables' maintenance gives their space back with the others'.
    await vacuumSearchTables(database.db)
    const later = createPostingsCache()
    later.restore(database.db)
    await later.settled()
    expect(later.lists(organizationId, generation + 1, commonest).missing).toEqual(commonest)
  })

  it('are kept by the jobs’ keeper once an organization’s chunks change, once a quiet moment, unless kept already', async () => {
    await database.db.execute(sql`update organizations set search_generation = search_generation + 1
      where id = ${organizationId}`)
    const generation = await currentGeneration()
    const { db, statements } = recording(database.db)
    const keeper = createListsKeeper(db, { quietMs: 10, minChunks: 25 })
    // A burst of jobs of the organization, one of another organization without a term in 25 chunks,
    // and one of none.
    const emptyId = Number(
      rowsOf(
        await database.db.execute(
          sql`insert into organizations (name, slug) values ('Empty', 'empty-kept') returning id`,
        ),
      )[0]!.id,
    )
    for (const id of [organizationId, organizationId, emptyId, organizationId, null]) keeper.afterIndexWrite(id)
    await keeper.settled()
    const kept = rowsOf(
      await database.db.execute(sql`select organization_id, generation::float8 as generation, term
        from kept_posting_lists order by rank`),
    )
    expect(new Set(kept.map((row) => `${row.organization_id} ${row.generation}`))).toEqual(
      new Set([`${organizationId} ${generation}`]),
    )
    // The commonest, "pad0" (1,028 chunks) first, found once: the organization without 25 chunks is
    // left after one lookup.
    expect(kept.map((row) => row.term)).toEqual(expect.arrayContaining(['pad0', 'year', 'total', 'leas', 'renew']))
    expect(kept[0]!.term).toBe('pad0')
    expect(statements.filter((text) => /from term_statistics/.test(text))).toHaveLength(1)
    // A process started after holds them, and ranks from them as every posting would.
    const restarted = createPostingsCache()
    restarted.restore(database.db)
    await restarted.settled()
    const query = 'lease renewal year total'
    const ranked = recording(database.db)
    expect((await rank(ranked.db, query, { budget: 500, held: restarted })).chunkIds).toEqual(bm25Reference(query))
    expect(ranked.reads).toEqual([])
    // Kept at the organization's generation already: looked up, nothing read again.
    statements.length = 0
    keeper.afterIndexWrite(organizationId)
    await keeper.settled()
    expect(statements).toHaveLength(1)
    expect(statements[0]).toMatch(/from kept_posting_lists/)
    // Stopped, the organizations waiting are kept no more.
    await database.db.execute(sql`update organizations set search_generation = search_generation + 1
      where id = ${organizationId}`)
    const stopping = createListsKeeper(database.db, { quietMs: 10, minChunks: 25 })
    stopping.afterIndexWrite(organizationId)
    await stopping.stop()
    await stopping.settled()
    expect(rowsOf(await database.db.execute(sql`select term from kept_posting_lists`))).toEqual([])
  })

  it('hold no more postings than their bound; a failed read holds nothing, a stopped cache reads no more', async () => {
    // "year" and "total" have more postings than this bound, "dayton" and "renewal" fewer.
    const small = createPostingsCache({ maxPostings: 100 })
    await rank(database.db, 'Dayton renewal total year', { budget: 10, held: small })
    await small.settled()
    const { lists, missing } = small.lists(organizationId, Number.NaN, ['dayton'])
    expect([lists.size, missing]).toEqual([0, ['dayton']])
    const generation = await currentGeneration()
    const kept = small.lists(organizationId, generation, ['dayton', 'renew', 'total', 'year'])
    expect([...kept.lists.keys()]).toEqual(['dayton', 'renew'])
    expect(kept.missing).toEqual(['total', 'year'])
    const failing = createPostingsCache()
    const broken = new Proxy(database.db, {
      get: (target, property, receiver) =>
        property === 'execute'
          ? () => Promise.reject(new Error('the database went away'))
          : Reflect.get(target, property, receiver),
    })
    failing.read(broken, organizationId, [{ term: 'dayton', postings: 3 }])
    await failing.settled()
    expect(failing.lists(organizationId, generation, ['dayton']).missing).toEqual(['dayton'])

    // A stopped cache finishes the list it is reading and reads no other.
    const stopping = createPostingsCache()
    stopping.read(database.db, organizationId, [
      { term: 'dayton', postings: 3 },
      { term: 'renew', postings: 40 },
    ])
    await stopping.stop()
    stopping.read(database.db, organizationId, [{ term: 'leas', postings: 150 }])
    await stopping.settled()
    const left = stopping.lists(organizationId, generation, ['dayton', 'renew', 'leas'])
    expect([[...left.lists.keys()], left.missing]).toEqual([['dayton'], ['renew', 'leas']])
  })
})

describe('document frequencies', () => {
  const counted = async () =>
    rowsOf(
      await database.db.execute(sql`select term, chunks from term_statistics
        where organization_id = ${organizationId} order by term`),
    ).map((row) => `${String(row.term)} ${Number(row.chunks)}`)
  const postings = async () =>
    rowsOf(
      await database.db.execute(sql`select term, count(*) as chunks from chunk_terms
        where organization_id = ${organizationId} group by term order by term`),
    ).map((row) => `${String(row.term)} ${Number(row.chunks)}`)

  it('follow the postings as chunks are written and deleted, and forget a term no chunk holds', async () => {
    expect(await counted()).toEqual(await postings())
    expect(await counted()).toContain('dayton 3')
    await database.db.execute(sql`delete from document_chunks
      where organization_id = ${organizationId} and (chunk_index < 100 or chunk_index in (240, 480, 1080))`)
    expect(await counted()).toEqual(await postings())
    expect((await counted()).some((row) => row.startsWith('dayton '))).toBe(false)
    const { statistics } = await rank(database.db, 'Dayton lease')
    expect([...statistics.documentFrequency.keys()]).toEqual(['leas'])
  })
})

describe('chunk count and average length', () => {
  /** Each organization's kept statistics beside a count of its chunks; organizations without chunks left out. */
  const compared = async () => {
    const kept = rowsOf(
      await database.db.execute(sql`select organization_id, chunks, terms from chunk_statistics
        where chunks > 0 order by organization_id`),
    )
    const counted = rowsOf(
      await database.db.execute(sql`select organization_id, count(*) as chunks, sum(term_count) as terms
        from document_chunks group by organization_id order by organization_id`),
    )
    const shown = (rows: Array<Record<string, unknown>>) =>
      rows.map((row) => `${Number(row.organization_id)}: ${Number(row.chunks)} chunks, ${Number(row.terms)} terms`)
    return { kept: shown(kept), counted: shown(counted) }
  }
  const addOrganization = async (name: string, chunks: number) => {
    const id = Number(
      rowsOf(
        await database.db.execute(sql`insert into organizations (name, slug) values (${name}, ${name}) returning id`),
      )[0]!.id,
    )
    const documentId = Number(
      rowsOf(
        await database.db.execute(sql`insert into documents (organization_id, title, file_name, file_type, file_size)
          values (${id}, 'Other', 'other.txt', 'txt', 1) returning id`),
      )[0]!.id,
    )
    const versionId = Number(
      rowsOf(
        await database.db
          .execute(sql`insert into document_versions (document_id, version_number, file_name, file_type, file_size, storage_key)
          values (${documentId}, 1, 'other.txt', 'txt', 1, ${name}) returning id`),
      )[0]!.id,
    )
    await database.db.execute(sql`insert into document_chunks
      (organization_id, document_id, version_id, chunk_index, text, token_count, term_count)
      select ${id}, ${documentId}, ${versionId}, i, 'lease year', 2, i % 5 from generate_series(1, ${chunks}) as i`)
    return id
  }

  it('follow each organization’s chunks as they are written, re-indexed and deleted', async () => {
    const first = await compared()
    expect(first.kept).toEqual(first.counted)
    const other = await addOrganization('statistics-other', 40)
    const afterInsert = await compared()
    expect(afterInsert.kept).toEqual(afterInsert.counted)
    expect(afterInsert.kept).toContain(`${other}: 40 chunks, 80 terms`)
    // A re-index rewrites lengths in place.
    await database.db.execute(sql`update document_chunks set term_count = term_count + chunk_index % 3
      where organization_id in (${organizationId}, ${other})`)
    const afterUpdate = await compared()
    expect(afterUpdate.kept).toEqual(afterUpdate.counted)
    await database.db.execute(sql`delete from document_chunks where organization_id = ${other} and chunk_index <= 10`)
    const afterDelete = await compared()
    expect(afterDelete.kept).toEqual(afterDelete.counted)
    expect(afterDelete.kept.find((row) => row.startsWith(`${organizationId}:`))).toBe(afterUpdate.kept[0])
    // The organization's own ranking reads its statistics alone.
    const { statistics } = await rank(database.db, 'lease')
    const [own] = rowsOf(
      await database.db.execute(sql`select count(*)::float8 as n, avg(term_count)::float8 as average
        from document_chunks where organization_id = ${organizationId}`),
    )
    expect(statistics.chunkCount).toBe(own!.n)
    expect(statistics.averageLength).toBeCloseTo(Number(own!.average), 9)
  })

  it('go with their organization, which takes its chunks along', async () => {
    const gone = await addOrganization('statistics-gone', 5)
    await database.db.execute(sql`delete from organizations where id = ${gone}`)
    const rows = rowsOf(await database.db.execute(sql`select 1 from chunk_statistics where organization_id = ${gone}`))
    expect(rows).toEqual([])
    const after = await compared()
    expect(after.kept).toEqual(after.counted)
  })
})
