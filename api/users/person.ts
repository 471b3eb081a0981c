import type { PersonPayload } from '../auth/contract'
import type { users } from '../db/schema'

export type Person = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName'> | null

/** Who created or changed something, as every payload names them. */
export const person = (user: Person): PersonPayload =>
  user ? { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName } : null
