import type { Database } from '../db/client'
import type { users } from '../db/schema'
import { currentMembership } from '../organizations/membership'

type UserRow = typeof users.$inferSelect

/** The user as the spec's clients read it: profile fields plus role and organization of the current context. */
export async function describeUser(db: Database, user: UserRow, organizationSlug?: string | null) {
  const membership = await currentMembership(db, user.id, organizationSlug)
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

export type UserPayload = Awaited<ReturnType<typeof describeUser>>
