import { eq, sql } from 'drizzle-orm'

import type { Database } from '../db/database'
import { users } from '../db/schema'
import type { Deps } from '../kernel/context'
import { unauthorized } from '../kernel/http-error'
import type { SignInPayload } from './contract'
import type { GoogleIdentity } from './google'
import { verifyPassword } from './passwords'
import { describeUser } from './payload'
import { assertLoginAllowed, clearLoginFailures, type LoginTarget, recordLoginFailure } from './rate-limit'
import { issueTokens } from './sessions'

type UserRow = typeof users.$inferSelect

/**
 * The account a sign-in names: by e-mail when the text has an "@", else by username (usernames
 * cannot hold an "@"), so one typed name can never match two accounts.
 */
export async function findUserByLogin(db: Database, login: string) {
  const value = login.trim().toLowerCase()
  const column = value.includes('@') ? users.email : users.username
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${column})`, value))
    .limit(1)
  return user
}

/** Username-or-e-mail and password sign-in, throttled per account, per address and per both. */
export async function obtainToken(deps: Deps, credentials: { username: string; password: string }, address: string) {
  const user = await findUserByLogin(deps.db, credentials.username)
  const target: LoginTarget = user ? { userId: user.id } : { name: credentials.username }
  await assertLoginAllowed(deps, target, address)
  const valid = await verifyPassword(user?.passwordHash ?? null, credentials.password)
  if (!user || !valid || !user.isActive) {
    await recordLoginFailure(deps, target, address)
    throw unauthorized('No active account found with the given credentials')
  }
  await clearLoginFailures(deps, target, address)
  return signIn(deps, user)
}

export async function signIn(deps: Deps, user: UserRow): Promise<SignInPayload> {
  const [updated] = await deps.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.id)).returning()
  const tokens = await issueTokens(deps, user.id)
  return { ...tokens, user_id: user.id, user: await describeUser(deps.db, updated ?? user) }
}

/**
 * Finds the Google account's user, links it to an existing user with the same e-mail when both
 * sides have verified it (else whoever set that address on an account, or on a Google account,
 * would take the other over), or creates a new user (auth_provider google, role member until invited).
 */
export async function googleSignIn(deps: Deps, identity: GoogleIdentity) {
  const { db } = deps
  let [user] = await db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1)
  if (!user) {
    if (!identity.emailVerified) throw unauthorized('The Google account e-mail is not verified.')
    const [byEmail] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, identity.email))
      .limit(1)
    if (byEmail && !byEmail.emailVerified) {
      throw unauthorized(
        'An account with this e-mail address exists but has not confirmed it. Sign in with your password and confirm your e-mail address on your profile first.',
      )
    }
    if (byEmail) {
      ;[user] = await db
        .update(users)
        .set({ googleSub: identity.sub, profilePicture: byEmail.profilePicture ?? identity.picture })
        .where(eq(users.id, byEmail.id))
        .returning()
    } else {
      ;[user] = await db
        .insert(users)
        .values({
          email: identity.email,
          username: await freeUsername(db, identity.email.split('@')[0] ?? 'user'),
          authProvider: 'google',
          emailVerified: true,
          googleSub: identity.sub,
          firstName: identity.firstName,
          lastName: identity.lastName,
          profilePicture: identity.picture,
        })
        .returning()
    }
  }
  if (!user?.isActive) throw unauthorized('This account is disabled.')
  const session = await signIn(deps, user)
  return { ...session, profile_picture: user.profilePicture }
}

export async function freeUsername(db: Database, wanted: string) {
  const base = wanted.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'user'
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, candidate))
      .limit(1)
    if (!taken) return candidate
  }
}
