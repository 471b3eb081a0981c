import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'

import type * as schema from './schema'

/** A database or a transaction in it: Drizzle's transactions are databases of the same schema. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

declare module '../kernel/context' {
  interface Deps {
    db: Database
  }
}
