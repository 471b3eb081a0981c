import { and, eq, ne, sql } from 'drizzle-orm'
import type { Caller, Deps } from '../context'
import { users } from '../db/schema'
import { HttpError, badRequest, unauthorized } from '../http-error'
import { hashPassword, verifyPassword } from '../auth/passwords'
import { revokeOtherSessions } from '../auth/sessions'
import { describeUser } from './payload'
import type { z } from 'zod'
import type { ChangePasswordSchema, UpdateMeSchema } from './schema'

export async function loadCaller({ db }: Deps, caller: Caller) {
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1)
  if (!user?.isActive) throw unauthorized('User not found', 'user_not_found')
  return user
}

export async function getMe(deps: Deps, caller: Caller, organizationSlug?: string | null) {
  return describeUser(deps.db, await loadCaller(deps, caller), organizationSlug)
}

export async function updateMe(
  deps: Deps,
  caller: Caller,
  changes: z.infer<typeof UpdateMeSchema>,
  organizationSlug?: string | null,
) {
  const { db } = deps
  await loadCaller(deps, caller)
  for (const field of ['email', 'username'] as const) {
    const value = changes[field]
    if (!value) continue
    const column = field === 'email' ? users.email : users.username
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${column})`, value.toLowerCase()), ne(users.id, caller.userId)))
      .limit(1)
    if (taken) throw badRequest({ [field]: [`A user with that ${field} already exists.`] })
  }
  const [user] = await db
    .update(users)
    .set({
      firstName: changes.first_name,
      lastName: changes.last_name,
      email: changes.email?.toLowerCase(),
      username: changes.username,
    })
    .where(eq(users.id, caller.userId))
    .returning()
  return describeUser(db, user!, organizationSlug)
}

/** Only username/password accounts have a password to change; other sessions are signed out. */
export async function changePassword(
  deps: Deps,
  caller: Caller,
  input: z.infer<typeof ChangePasswordSchema>,
) {
  const user = await loadCaller(deps, caller)
  if (user.authProvider !== 'jwt') {
    throw new HttpError(400, {
      non_field_errors: ['Password change is only available for username/password accounts'],
    })
  }
  if (!(await verifyPassword(user.passwordHash, input.old_password))) {
    throw badRequest({ old_password: ['Your old password was entered incorrectly.'] })
  }
  if (input.old_password === input.new_password) {
    throw badRequest({ new_password: ['The new password must differ from the old one.'] })
  }
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.new_password) })
    .where(eq(users.id, user.id))
  await revokeOtherSessions(deps, user.id, caller.familyId)
}
