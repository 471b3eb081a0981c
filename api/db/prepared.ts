import type { Database } from './database'

/**
 * A statement built once per database and run with placeholders after: drizzle builds its SQL only
 * once, and the driver keeps it prepared. For the queries every page makes (issue 12).
 */
export function preparedStatement<T>(build: (db: Database) => T): (db: Database) => T {
  const statements = new WeakMap<Database, T>()
  return (db) => {
    let statement = statements.get(db)
    if (!statement) statements.set(db, (statement = build(db)))
    return statement
  }
}
