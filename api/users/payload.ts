import type { signIn } from '../auth/service'
import type { Database } from '../db/client'
import type { users } from '../db/schema'
import { type CurrentMembership, currentMembership } from '../organizations/membership'
import type { changePassword, getMe } from './service'

type UserRow = typeof users.$inferSelect

/** The user as the spec's clients read it: profile fields plus role and organization of the current context. */
export async function describeUser(db: Database, user: UserRow, organizationSlug?: string | null) {
  return describeMember(user, await currentMembership(db, user.id, organizationSlug))
}

/** describeUser with the current membership already looked up. */
export function describeMember(user: UserRow, membership: CurrentMembership | undefined) {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    auth_provider: user.authProvider,
    profile_picture: user.profilePicture,
    last_login: user.lastLogin?.toISOString() ?? null,
    date_joined: user.dateJoined.toISOString(),
    role: membership?.role ?? 'member',
    organization: membership
      ? {
          id: membership.organization.id,
          name: membership.organization.name,
          slug: membership.organization.slug,
          logo: membership.organization.logo,
        }
      : null,
  }
}

export type UserPayload = ReturnType<typeof describeMember>
/** GET/PUT /api/me/: the profile with the address waiting for confirmation, which only its owner sees. */
export type OwnProfilePayload = Awaited<ReturnType<typeof getMe>>
/** What a sign-in answers (token/obtain, users/google): the tokens and the user. */
export type SignInPayload = Awaited<ReturnType<typeof signIn>>
/** POST /api/change-password/: every session ended, and a fresh one for the caller. */
export type PasswordChangedPayload = { detail: string } & Awaited<ReturnType<typeof changePassword>>
