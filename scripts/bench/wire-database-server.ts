// The scale bench's database as a process of its own, so its memory can be read apart from the
// bench's: PGlite served over the PostgreSQL wire protocol (as the scale-out test serves it), in the
// folder given as the first argument. Prints `url <postgres://…>` once it listens; SIGTERM closes it.
import { serveWireDatabase } from '../../tests/support/wire-database'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: wire-database-server.ts <data folder>')
const database = await serveWireDatabase(dataDir)
process.stdout.write(`url ${database.url}\n`)
process.once('SIGTERM', () => {
  database.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
})
