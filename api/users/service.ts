import { and, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'

import { personName, recordAccountEvent } from '../audit/service'
import type { AccountNotices } from '../auth/caller-statement'
import type { TokensPayload } from '../auth/contract'
import { type CurrentMembership, MEMBERSHIPS_LISTED, userMemberships } from '../auth/membership'
import { hashPassword, verifyPassword } from '../auth/passwords'
import { describeMember } from '../auth/payload'
import { restartSessions } from '../auth/sessions'
import { users } from '../db/schema'
import type { Caller, Deps } from '../kernel/context'
import { badRequest, HttpError, notFound, unauthorized } from '../kernel/http-error'
import type { OwnProfilePayload } from './contract'
import { requestEmailConfirmation } from './email-change'
import { accountNotices } from './notices'
import type { ChangePasswordSchema, UpdateMeSchema } from './schema'

export async function loadCaller({ db }: Deps, caller: Caller) {
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1)
  if (!user?.isActive) throw unauthorized('User not found', 'user_not_found')
  return user
}

/**
 * GET /api/me/: the caller's user and memberships as the request resolves them, with what only its
 * owner sees: the address waiting for confirmation and the open invitations. Those come with the
 * caller when the call asked for its profile, and are asked for while the memberships are otherwise.
 */
export async function getMe(
  deps: Deps,
  user: typeof users.$inferSelect,
  memberships: Promise<CurrentMembership[]>,
  /** Found with the caller already (requireCaller), when the call asked for its profile. */
  known?: AccountNotices,
): Promise<OwnProfilePayload> {
  const [rows, notices] = await Promise.all([memberships, known ?? accountNotices(deps.db, user.id)])
  return {
    ...describeMember(user, rows[0]),
    pending_email: notices.pendingEmail,
    time_zone: user.timeZone,
    pending_invitations: notices.pendingInvitations,
    organizations: rows
      .slice(0, MEMBERSHIPS_LISTED)
      .map(({ organization, role }) => ({ name: organization.name, slug: organization.slug, role })),
    organizations_listed: rows.length <= MEMBERSHIPS_LISTED,
  }
}

/**
 * The organization the user works in from now on, on every device: sign-ins start there. Only an
 * organization the user belongs to can be chosen (404 otherwise, as if it did not exist).
 */
export async function chooseOrganization(deps: Deps, user: typeof users.$inferSelect, slug: string) {
  const rows = await userMemberships(deps.db, user.id, slug)
  if (rows[0]?.organization.slug !== slug) throw notFound()
  await deps.db.update(users).set({ lastOrganizationId: rows[0].organization.id }).where(eq(users.id, user.id))
  return getMe(deps, user, Promise.resolve(rows))
}

/**
 * Names and username change at once. A new e-mail address is only requested here: it takes effect
 * when the link mailed to it is followed (invitations and Google sign-in trust a verified address).
 */
export async function updateMe(
  deps: Deps,
  caller: Caller,
  changes: z.infer<typeof UpdateMeSchema>,
  organizationSlug?: string | null,
) {
  const { db } = deps
  let user = await loadCaller(deps, caller)
  if (changes.username) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.username})`, changes.username.toLowerCase()), ne(users.id, caller.userId)))
      .limit(1)
    if (taken) throw badRequest({ username: ['A user with that username already exists.'] })
  }
  if (changes.email) await requestEmailConfirmation(deps, user, changes.email)
  const { first_name, last_name, username, time_zone } = changes
  if ([first_name, last_name, username || undefined, time_zone].some((change) => change !== undefined)) {
    ;[user] = await db
      .update(users)
      .set({ firstName: first_name, lastName: last_name, username, timeZone: time_zone })
      .where(eq(users.id, caller.userId))
      .returning()
  }
  return getMe(deps, user!, userMemberships(db, user!.id, organizationSlug))
}

/**
 * Only username/password accounts have a password to change. Every session ends, the caller's too
 * (a copy of its cookie may be why the password is being changed); the caller gets a fresh one.
 */
export async function changePassword(
  deps: Deps,
  caller: Caller,
  input: z.infer<typeof ChangePasswordSchema>,
): Promise<TokensPayload> {
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
  const passwordHash = await hashPassword(input.new_password)
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id))
    await recordAccountEvent(tx, deps.clock, caller, {
      action: 'user.password_changed',
      target: personName(user),
    })
  })
  return restartSessions(deps, user.id)
}
