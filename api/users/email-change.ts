import { createHash, randomBytes } from 'node:crypto'

import { and, eq, gt, ne, sql } from 'drizzle-orm'

import { log } from '../../runtime/log'
import { personName, recordAccountEvent } from '../audit/service'
import type { Database } from '../db/database'
import { emailConfirmations, users } from '../db/schema'
import type { Caller, Deps } from '../kernel/context'
import { badRequest, HttpError } from '../kernel/http-error'
import { emailChangedMail, emailConfirmationMail } from './mail'

type UserRow = typeof users.$inferSelect

// Long enough to reach the mailbox on another device, short enough that a forgotten link dies.
const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const INVALID_CONFIRMATION = 'This confirmation link is not valid or has expired.'

export async function assertEmailFree(db: Database, email: string, userId: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
    .limit(1)
  if (taken) throw badRequest({ email: ['A user with that email already exists.'] })
}

/**
 * Holds `email` as the user's pending address and mails a confirmation link to it; the address only
 * changes when the link is followed by the same user. Asking for the current, unverified address
 * sends a link that verifies it. A new request replaces the previous one and its link.
 */
export async function requestEmailConfirmation(deps: Deps, user: UserRow, requested: string) {
  const email = requested.toLowerCase()
  if (email === user.email.toLowerCase() && user.emailVerified) {
    await deps.db.delete(emailConfirmations).where(eq(emailConfirmations.userId, user.id))
    return
  }
  await assertEmailFree(deps.db, email, user.id)
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS)
  const values = { email, tokenHash: hashToken(token), expiresAt, createdAt: new Date() }
  await deps.db
    .insert(emailConfirmations)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: emailConfirmations.userId, set: values })
  const link = new URL(`/confirm-email/${token}`, deps.config.APP_URL).toString()
  try {
    await deps.mailer.send(
      emailConfirmationMail({ to: email, username: user.username, link, expiresAt, timeZone: user.timeZone }),
    )
  } catch (error) {
    await deps.db.delete(emailConfirmations).where(eq(emailConfirmations.userId, user.id))
    log.error({ err: error }, 'e-mail confirmation failed to send')
    throw new HttpError(503, { detail: 'The confirmation e-mail could not be sent. Please try again.' })
  }
}

/** The address waiting for its link, if any (expired ones are treated as gone). */
export async function cancelEmailChange({ db }: Deps, caller: Caller) {
  await db.delete(emailConfirmations).where(eq(emailConfirmations.userId, caller.userId))
}

/**
 * Follows a confirmation link. The token proves the mailbox, the session proves the account: a link
 * sent for one account does nothing for another. The old address is told of the change.
 */
export async function confirmEmailChange(deps: Deps, caller: Caller, token: string) {
  const { db } = deps
  const [pending] = await db
    .select({ confirmation: emailConfirmations, user: users })
    .from(emailConfirmations)
    .innerJoin(users, eq(users.id, emailConfirmations.userId))
    .where(
      and(
        eq(emailConfirmations.tokenHash, hashToken(token)),
        eq(emailConfirmations.userId, caller.userId),
        gt(emailConfirmations.expiresAt, new Date()),
      ),
    )
  if (!pending) throw badRequest({ token: [INVALID_CONFIRMATION] })
  const { confirmation, user } = pending
  const updated = await db.transaction(async (tx) => {
    await assertEmailFree(tx, confirmation.email, user.id)
    await tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, user.id))
    const [row] = await tx
      .update(users)
      .set({ email: confirmation.email, emailVerified: true })
      .where(eq(users.id, user.id))
      .returning()
    // Confirming the address already held only verifies it: nothing changed that an admin should see.
    if (user.email.toLowerCase() !== confirmation.email) {
      await recordAccountEvent(tx, deps.clock, caller, {
        action: 'user.email_changed',
        target: personName(user),
        details: { from: user.email, to: confirmation.email },
      })
    }
    return row!
  })
  if (user.email.toLowerCase() !== confirmation.email) {
    const notice = emailChangedMail({
      to: user.email,
      username: user.username,
      newEmail: confirmation.email,
      supportHint: 'sign in, change your password and contact your organization administrator at once.',
    })
    // The change is made; a mail server outage must not undo it, but it must not pass silently either.
    await deps.mailer.send(notice).catch((error) => log.error({ err: error }, 'e-mail change notice failed to send'))
  }
  return updated
}
