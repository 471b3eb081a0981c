import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { PGlite } from '@electric-sql/pglite'
import postgres from 'postgres'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { WireMultiplexer } from '../../api/db/wire-multiplexer'

// The embedded database's thread serves every process of a server through this (decision 012).
let db: PGlite
let server: WireMultiplexer
let directory: string
let socketPath: string
const clients: postgres.Sql[] = []

function client(options: { prepare?: boolean } = {}) {
  const sql = postgres({
    path: socketPath,
    username: 'postgres',
    database: 'postgres',
    max: 1,
    prepare: options.prepare ?? true,
    onnotice: () => {},
  })
  clients.push(sql)
  return sql
}

/** A connection speaking the protocol by hand, to leave in the middle of something. */
async function rawConnection() {
  const socket = connect(socketPath)
  const received: Buffer[] = []
  socket.on('data', (data) => received.push(data))
  await new Promise((resolve) => socket.once('connect', resolve))
  const parameters = Buffer.from('user\0postgres\0database\0postgres\0\0')
  const startup = Buffer.alloc(8)
  startup.writeInt32BE(8 + parameters.length, 0)
  startup.writeInt32BE(196608, 4)
  socket.write(Buffer.concat([startup, parameters]))
  const answered = async (pattern: string) => {
    await expect.poll(() => Buffer.concat(received).toString('latin1').includes(pattern)).toBe(true)
  }
  await answered('Z\0\0\0\x05I')
  return {
    socket,
    query(text: string) {
      const body = Buffer.from(`${text}\0`)
      const header = Buffer.alloc(5)
      header.write('Q', 0, 'latin1')
      header.writeInt32BE(4 + body.length, 1)
      socket.write(Buffer.concat([header, body]))
    },
    answered,
  }
}

beforeAll(async () => {
  db = await PGlite.create()
  directory = mkdtempSync(path.join(tmpdir(), 'exit-planner-mux-'))
  socketPath = path.join(directory, '.s.PGSQL.5432')
  server = new WireMultiplexer(db)
  await server.listen(socketPath)
  const setup = client()
  await setup`create table entries (id integer primary key, owner text not null)`
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((sql) => sql.end({ timeout: 1 })))
  await db.query('delete from entries')
})

afterAll(async () => {
  await server.close()
  await db.close()
  rmSync(directory, { recursive: true, force: true })
})

describe('one PGlite session for several clients', () => {
  it('answers each of four clients its own rows while their statements run at once, named and unnamed', async () => {
    const sessions = [client(), client(), client({ prepare: false }), client({ prepare: false })]
    await Promise.all(
      Array.from(
        { length: 200 },
        (_, id) => sessions[id % 4]!`insert into entries values (${id}, ${`owner-${id % 4}`})`,
      ),
    )
    const answers = await Promise.all(
      Array.from({ length: 800 }, (_, index) => {
        const id = index % 200
        return sessions[index % 4]!`select id, owner from entries where id = ${id}`.then((rows) => ({ id, rows }))
      }),
    )
    for (const { id, rows } of answers) expect(rows).toEqual([{ id, owner: `owner-${id % 4}` }])
  })

  it("keeps another client's statements out of a transaction: they wait for it and are not undone by its rollback", async () => {
    const [first, second] = [client(), client()]
    let secondDone = false
    const transaction = first
      .begin(async (sql) => {
        await sql`insert into entries values (1, 'first')`
        const inserted = second`insert into entries values (2, 'second')`.then(() => (secondDone = true))
        // The other client's insert waits for this transaction; it has not run while we are inside it.
        await sql`select pg_sleep(0.05)`
        expect(secondDone).toBe(false)
        expect(await sql`select id from entries order by id`).toEqual([{ id: 1 }])
        void inserted
        throw new Error('roll back')
      })
      .catch((error: Error) => error.message)
    expect(await transaction).toBe('roll back')
    await expect.poll(() => secondDone).toBe(true)
    expect(await second`select id, owner from entries order by id`).toEqual([{ id: 2, owner: 'second' }])
  })

  it("answers a client's error to it alone, and the others go on", async () => {
    const [failing, working] = [client(), client()]
    const results = await Promise.allSettled([
      ...Array.from({ length: 20 }, (_, id) => working`insert into entries values (${id}, 'working')`),
      failing`select * from no_such_table`,
      failing`insert into entries values (1000, 'failing')`,
    ])
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1)
    expect(await working`select count(*)::int as n from entries`).toEqual([{ n: 21 }])
  })

  it('rolls back the transaction of a client that goes away in the middle of it, and serves the others', async () => {
    const raw = await rawConnection()
    raw.query("begin; insert into entries values (7, 'gone')")
    await raw.answered('Z\0\0\0\x05T')
    const other = client()
    const waiting = other`insert into entries values (8, 'other')`
    raw.socket.destroy()
    await waiting
    expect(await other`select id from entries order by id`).toEqual([{ id: 8 }])
    expect(db.isInTransaction()).toBe(false)
  })

  it('closes the statements a client prepared when it leaves', async () => {
    const prepared = async () =>
      Number((await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n)
    // The clients of the tests before have left, their statements closed.
    await expect.poll(prepared).toBe(0)
    const leaving = client()
    await leaving`select ${1}::int as one`
    await leaving`select ${'a'}::text as letter`
    expect(await prepared()).toBeGreaterThanOrEqual(2) // and the type lookup postgres.js makes at connect
    await leaving.end()
    await expect.poll(prepared).toBe(0)
  })

  it('drops a connection that sends bytes no client would, and serves the others', async () => {
    const raw = await rawConnection()
    const closed = new Promise((resolve) => raw.socket.once('close', resolve))
    raw.socket.write(Buffer.from([0x51, 0, 0, 0, 1])) // a message whose length is shorter than itself
    await closed
    const other = client()
    expect(await other`select 1 as one`).toEqual([{ one: 1 }])
  })
})
