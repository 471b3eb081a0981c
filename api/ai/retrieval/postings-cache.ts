import { sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'

import { log } from '../../../runtime/log'
import type { Database } from '../../db/database'
import { rowsOf, textArray } from '../../db/sql-values'

/** A term's postings in chunk order, as BM25 reads them: 8 bytes each. */
export interface PostingList {
  chunkIds: Int32Array
  frequencies: Uint16Array
  lengths: Uint16Array
}

// 8,000,000 postings are 64 MB: at 100,000 chunks the terms of the 190 of the 200 retrieval dev-set
// questions that pass the ranking's budget have 4.3 million (docs/decisions/087).
const MAX_POSTINGS = 8_000_000
// Terms waiting to be read at most: past it, a term asked waits for the next question that asks it.
const MAX_QUEUED = 10_000
// A list read in the background takes the database's one connection a slice at a time, so a question
// waits behind this many postings at most (a few milliseconds) and not a common term's whole list
// (~40 ms for 72,000 at 100,000 chunks).
const SLICE_POSTINGS = 8_192
// A posting's frequency and chunk length are counts of terms in a chunk of at most 1,600 characters
// (api/ingest/chunker.ts); two bytes each hold them.
const PACKED_BYTES = 8
// Kept lists are read this many slices' worth of postings a statement: a row is its list whole, so
// reading it is a copy (~8 ms a megabyte) where a slice of `chunk_terms` is an index scan and the
// packing (~7 ms for 64 KB).
const KEPT_SLICE = 16

type Queued = { db: Database; organizationId: number } & (
  | { kind: 'term'; term: string; ahead?: number }
  // Without `minChunks`, only the lists a process kept (a start's read-ahead, `restore`).
  | { kind: 'commonest'; ahead: number; minChunks?: number }
  | { kind: 'keep'; ahead: number; terms: string[] }
  | { kind: 'restore'; ahead?: undefined }
)

/**
 * The postings of an organization's commonest search terms, kept by this process under the
 * organization's search generation (migration 0011: every change to its chunks or postings raises
 * it). A large organization's ranking costs the embedded database some 10 ms for 20,000 postings
 * and the common terms' re-scoring as much again; from lists held here the exact ranking of every
 * posting takes a few milliseconds (docs/decisions/087). Lists are read in the background, a slice
 * of a term a statement while no question is being answered, so a question never waits for a
 * common term's list and behind one slice at most: it is ranked by the database until the terms it
 * does not find held at its generation are few enough postings to read with it (`readNow`).
 */
export function createPostingsCache({
  maxPostings = MAX_POSTINGS,
  slicePostings = SLICE_POSTINGS,
  // The postings of an organization's commonest terms read ahead of its questions, at each of its
  // search generations: three quarters of the bound, the rest for the terms its questions ask. At
  // 100,000 chunks a quarter (55 terms) left 90 of 200 questions ranked by the database, half (167)
  // 15, three quarters (548) 10 (docs/decisions/092).
  aheadPostings = (maxPostings * 3) / 4,
}: { maxPostings?: number; slicePostings?: number; aheadPostings?: number } = {}) {
  const held = new LRUCache<string, { generation: number; list: PostingList }>({
    maxSize: maxPostings,
    sizeCalculation: ({ list }) => list.chunkIds.length + 1,
  })
  // Work waiting its turn, by key, one at a time: a term's list to read; an organization's commonest
  // terms, found when their turn comes, or restored from the lists a process kept at that
  // generation; those lists kept once read. What is read ahead at a generation (`ahead`) is
  // dropped once the organization has left it: its chunks are changing, and the next question
  // asks for them again at the new one.
  const queue = new Map<string, Queued>()
  // The search generation each organization's commonest terms were last read ahead at.
  const readAheadAt = new LRUCache<number, number>({ max: MAX_QUEUED })
  let reading: Promise<void> | null = null
  // Questions being answered by this process: a list is read only when none is, so that none waits
  // behind one on the database's connection.
  let asking = 0
  let idle: Array<() => void> = []
  let stopped = false
  // Whether to read on: once no question is being answered, unless the cache was stopped.
  const whenIdle = async () => {
    while (asking > 0) await new Promise<void>((resolve) => idle.push(resolve))
    return !stopped
  }
  const keyOf = (organizationId: number, term: string) => `${organizationId} ${term}`
  const readAhead = (db: Database, organizationId: number, generation: number, minChunks?: number) => {
    if (stopped || readAheadAt.get(organizationId) === generation || queue.size >= MAX_QUEUED) return
    readAheadAt.set(organizationId, generation)
    queue.set(`${organizationId}`, { db, organizationId, kind: 'commonest', ahead: generation, minChunks })
    reading ??= drain()
  }
  // The organization's commonest terms at `ahead`: the lists a process kept at it held again, or else
  // queued to be read, but for those held at it or that a question queued, and then kept.
  const readCommonest = async ({ db, organizationId, ahead, minChunks }: Queued & { kind: 'commonest' }) => {
    if (await restoreKept(db, organizationId, ahead)) return
    // None kept any more: the organization's next question reads them ahead.
    if (minChunks === undefined) {
      if (readAheadAt.get(organizationId) === ahead) readAheadAt.delete(organizationId)
      return
    }
    const terms = await commonestTerms(db, organizationId, aheadPostings, minChunks)
    for (const { term, postings } of terms) {
      const key = keyOf(organizationId, term)
      if (held.peek(key)?.generation === ahead || queue.has(key)) continue
      if (postings < maxPostings && queue.size < MAX_QUEUED)
        queue.set(key, { db, organizationId, kind: 'term', term, ahead })
    }
    const kept = { db, organizationId, kind: 'keep' as const, ahead, terms: terms.map(({ term }) => term) }
    // Not a term's key (`keyOf`, which starts with the organization's id).
    queue.set(`keep ${organizationId}`, kept)
  }
  // The kept lists of the organization at `ahead` held, a slice of rows a statement between
  // questions; false when there are none.
  const restoreKept = async (db: Database, organizationId: number, ahead: number) => {
    let after = -1
    while (await whenIdle()) {
      const rows = await keptSlice(db, organizationId, ahead, after, slicePostings * KEPT_SLICE)
      if (rows.length === 0) break
      for (const { term, packed } of rows)
        held.set(keyOf(organizationId, term), { generation: ahead, list: unpack(packed) })
      after = rows.at(-1)!.rank
    }
    return after >= 0
  }
  // The lists of `terms` held at `ahead` written for the next process, one a statement between
  // questions, until the organization leaves `ahead`.
  const keep = async ({ db, organizationId, ahead, terms }: Queued & { kind: 'keep' }) => {
    for (const [rank, term] of terms.entries()) {
      const entry = held.peek(keyOf(organizationId, term))
      if (entry?.generation !== ahead) continue
      if (!(await whenIdle()) || !(await keepList(db, organizationId, ahead, rank, term, entry.list))) return
    }
  }
  const run = async (key: string, entry: Queued) => {
    const { db, organizationId } = entry
    switch (entry.kind) {
      case 'restore': {
        if (!(await whenIdle())) return
        // The latest kept first, while they add up to the postings read ahead of one organization.
        let total = 0
        for (const kept of await keptOrganizations(db)) {
          total += kept.postings
          if (total > aheadPostings) break
          readAhead(db, kept.organizationId, kept.generation)
        }
        return
      }
      case 'commonest':
        if (await whenIdle()) await readCommonest(entry)
        return
      case 'keep':
        return keep(entry)
      case 'term': {
        const { ahead } = entry
        const read = await readSliced(db, organizationId, entry.term, slicePostings, whenIdle, ahead)
        if (read) held.set(key, read)
        // The organization has left the generation they were read ahead at.
        else if (ahead !== undefined)
          for (const [other, queued] of queue)
            if (queued.organizationId === organizationId && queued.ahead === ahead) queue.delete(other)
      }
    }
  }
  const drain = async () => {
    for (const [key, entry] of queue) {
      try {
        await run(key, entry)
      } catch (error) {
        log.warn({ err: error, organizationId: entry.organizationId }, '[search] reading postings failed')
      }
      queue.delete(key)
    }
    reading = null
  }
  return {
    /** The lists held at `generation`, and the terms whose list is not. */
    lists(organizationId: number, generation: number, terms: string[]) {
      const lists = new Map<string, PostingList>()
      const missing: string[] = []
      for (const term of terms) {
        const entry = held.get(keyOf(organizationId, term))
        if (entry?.generation === generation) lists.set(term, entry.list)
        else missing.push(term)
      }
      return { lists, missing }
    },
    /**
     * Queues the lists of the terms (with their document frequencies) to be read, a slice a
     * statement between questions; a list past the bound is not read. A failure is logged: the
     * question that asked was ranked without them.
     */
    read(db: Database, organizationId: number, terms: Array<{ term: string; postings: number }>) {
      if (stopped) return
      for (const { term, postings } of terms)
        if (postings < maxPostings && queue.size < MAX_QUEUED)
          queue.set(keyOf(organizationId, term), { db, organizationId, kind: 'term', term })
      // Not with nothing queued: a drain of an empty queue would end before it was kept as the one reading.
      if (queue.size > 0) reading ??= drain()
    },
    /**
     * Queues the organization's commonest terms to be read ahead of the questions that will ask
     * them, once a generation: a question asked first then finds its common terms held and is
     * ranked from the lists instead of by the database (docs/decisions/087).
     */
    readAhead(db: Database, organizationId: number, generation: number, { minChunks }: { minChunks: number }) {
      readAhead(db, organizationId, generation, minChunks)
    },
    /**
     * Reads ahead, as `readAhead` does, the organizations whose lists a process kept at their
     * current generation: a process that serves the API, started again, holds before its first
     * question the lists the one before it had read (docs/decisions/092).
     */
    restore(db: Database) {
      if (stopped || queue.size >= MAX_QUEUED) return
      queue.set('restore', { db, organizationId: 0, kind: 'restore' })
      reading ??= drain()
    },
    /**
     * The lists of `terms` read now, in one statement, for the question that asks them, and held:
     * null when the organization's generation is no longer `generation` (its chunks changed since
     * the question's statistics were read).
     */
    async readNow(db: Database, organizationId: number, generation: number, terms: string[]) {
      const read = await readLists(db, organizationId, terms)
      if (read.generation !== generation) return null
      for (const [term, list] of read.lists) {
        queue.delete(keyOf(organizationId, term))
        if (!stopped) held.set(keyOf(organizationId, term), { generation, list })
      }
      return read.lists
    },
    /** Runs a retrieval as one of the questions that lists wait for. */
    async asking<T>(work: () => Promise<T>): Promise<T> {
      asking++
      try {
        return await work()
      } finally {
        if (--asking === 0) {
          for (const resolve of idle) resolve()
          idle = []
        }
      }
    },
    /** Resolves when every list asked for has been read. */
    async settled() {
      await reading
    },
    /** Reads no more lists, and resolves when the one being read is (before the database closes). */
    async stop() {
      stopped = true
      queue.clear()
      await reading
    },
  }
}

export type PostingsCache = ReturnType<typeof createPostingsCache>

// A posting as 8 bytes: its chunk id, its frequency and the chunk's length, in chunk order.
const packed = sql`string_agg(int4send(p.chunk_id) || int2send(least(p.frequency, 32767)::int2)
  || int2send(least(p.chunk_length, 32767)::int2), ''::bytea order by p.chunk_id)`

/**
 * A term's list read `slice` postings a statement in chunk order, each slice from where the last one
 * ended and each after `idle`; null when `idle` says to stop, or when the organization's generation
 * moved between two slices (they would not be one snapshot: the term is read again when asked again)
 * or is not `at`, when given (nothing is read then).
 */
async function readSliced(
  db: Database,
  organizationId: number,
  term: string,
  slice: number,
  idle: () => Promise<boolean>,
  at?: number,
): Promise<{ generation: number; list: PostingList } | null> {
  const pieces: Uint8Array[] = []
  let generation: number | null = null
  let after = 0
  for (;;) {
    if (!(await idle())) return null
    const [row] = rowsOf(
      await db.execute(sql`
        select o.search_generation::float8 as generation, s.packed, s.last, s.count
        from organizations o, lateral (
          select ${packed} as packed, max(p.chunk_id) as last, count(*)::int as count
          from (select chunk_id, frequency, chunk_length from chunk_terms
            where organization_id = o.id and term = ${term} and chunk_id > ${after}
            order by chunk_id limit ${slice}) p) s
        where o.id = ${organizationId} ${at === undefined ? sql`` : sql`and o.search_generation = ${at}`}`),
    )
    if (!row || (generation !== null && Number(row.generation) !== generation)) return null
    generation = Number(row.generation)
    if (row.packed !== null) pieces.push(row.packed as Uint8Array)
    if (Number(row.count) < slice) return { generation, list: unpack(Buffer.concat(pieces)) }
    after = Number(row.last)
  }
}

/**
 * The organization's terms in the most chunks, commonest first, while their postings add up to
 * `postings`; none in fewer than `minChunks`.
 */
async function commonestTerms(db: Database, organizationId: number, postings: number, minChunks: number) {
  const rows = rowsOf(
    await db.execute(sql`
      select term, chunks from term_statistics
      where organization_id = ${organizationId} and chunks >= ${minChunks}
      order by chunks desc, term limit ${Math.ceil(postings / minChunks)}`),
  )
  const terms: Array<{ term: string; postings: number }> = []
  let total = 0
  for (const row of rows) {
    total += Number(row.chunks)
    if (total > postings) break
    terms.push({ term: String(row.term), postings: Number(row.chunks) })
  }
  return terms
}

/** The terms' postings and the generation they were read at, in one statement and so one snapshot. */
async function readLists(db: Database, organizationId: number, terms: string[]) {
  const rows = rowsOf(
    await db.execute(sql`
      select o.search_generation::float8 as generation, l.term, l.packed
      from organizations o left join lateral (
        select p.term, ${packed} as packed
        from chunk_terms p where p.organization_id = o.id and p.term = any(${textArray(terms)})
        group by p.term) l on true
      where o.id = ${organizationId}`),
  )
  // A term no chunk holds any more has no row: its list is empty.
  const lists = new Map(terms.map((term) => [term, unpack(new Uint8Array())]))
  for (const row of rows) if (row.term !== null) lists.set(String(row.term), unpack(row.packed as Uint8Array))
  return { generation: Number(rows[0]?.generation ?? -1), lists }
}

/** The organizations whose lists were kept at their current generation, the latest kept first. */
async function keptOrganizations(db: Database) {
  const rows = rowsOf(
    await db.execute(sql`
      select k.organization_id, k.generation::float8 as generation, sum(k.postings)::float8 as postings
      from kept_posting_lists k join organizations o on o.id = k.organization_id and o.search_generation = k.generation
      group by k.organization_id, k.generation order by max(k.kept_at) desc limit ${MAX_QUEUED}`),
  )
  return rows.map((row) => ({
    organizationId: Number(row.organization_id),
    generation: Number(row.generation),
    postings: Number(row.postings),
  }))
}

/**
 * The kept lists of the organization at `generation` (while it is the organization's) after rank
 * `after`, in rank order, while their postings add up to `postings` (one at least).
 */
async function keptSlice(db: Database, organizationId: number, generation: number, after: number, postings: number) {
  const rows = rowsOf(
    await db.execute(sql`
      select rank, term, packed from (
        select k.rank, k.term, k.packed, sum(k.postings) over (order by k.rank) - k.postings as before
        from kept_posting_lists k join organizations o on o.id = k.organization_id and o.search_generation = k.generation
        where k.organization_id = ${organizationId} and k.generation = ${generation} and k.rank > ${after}) k
      where before < ${postings} order by rank`),
  )
  return rows.map((row) => ({ rank: Number(row.rank), term: String(row.term), packed: row.packed as Uint8Array }))
}

/** Keeps a list read at `generation`, unless the organization has left it; false then. */
async function keepList(
  db: Database,
  organizationId: number,
  generation: number,
  rank: number,
  term: string,
  list: PostingList,
) {
  const kept = await db.execute(sql`
    insert into kept_posting_lists (organization_id, generation, rank, term, postings, packed)
    select id, search_generation, ${rank}, ${term}, ${list.chunkIds.length}, ${pack(list)}
    from organizations where id = ${organizationId} and search_generation = ${generation}
    on conflict (organization_id, rank) do update set generation = excluded.generation, term = excluded.term,
      postings = excluded.postings, packed = excluded.packed, kept_at = now()
    returning rank`)
  return rowsOf(kept).length > 0
}

function pack(list: PostingList) {
  const packed = Buffer.alloc(list.chunkIds.length * PACKED_BYTES)
  for (let index = 0; index < list.chunkIds.length; index++) {
    const at = index * PACKED_BYTES
    packed.writeInt32BE(list.chunkIds[index]!, at)
    packed.writeUInt16BE(list.frequencies[index]!, at + 4)
    packed.writeUInt16BE(list.lengths[index]!, at + 6)
  }
  return packed
}

function unpack(packed: Uint8Array): PostingList {
  const count = packed.length / PACKED_BYTES
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength)
  const list = { chunkIds: new Int32Array(count), frequencies: new Uint16Array(count), lengths: new Uint16Array(count) }
  for (let index = 0; index < count; index++) {
    const at = index * PACKED_BYTES
    list.chunkIds[index] = view.getInt32(at)
    list.frequencies[index] = view.getUint16(at + 4)
    list.lengths[index] = view.getUint16(at + 6)
  }
  return list
}

declare module '../../kernel/context' {
  interface Deps {
    postings: PostingsCache
  }
}
