import type { AuthProvider, Role } from '../db/schema'

// The bodies of the users and sign-in APIs, for their services and the web tier's client (`import type` only).

/** The user as the spec's clients read it: profile fields plus role and organization of the current context. */
export interface UserPayload {
  id: number
  email: string
  email_verified: boolean
  username: string
  first_name: string
  last_name: string
  auth_provider: AuthProvider
  profile_picture: string | null
  last_login: string | null
  date_joined: string
  role: Role
  organization: { id: number; name: string; slug: string; logo: string | null } | null
}

/** GET/PUT /api/me/: the profile with the address waiting for confirmation, which only its owner sees. */
export interface OwnProfilePayload extends UserPayload {
  pending_email: string | null
  /** The IANA zone the user chose to see times in; null when the browser's own is used. */
  time_zone: string | null
  /** Open invitations to the user's (proven) address, which /organizations/invitations lists. */
  pending_invitations: number
  /**
   * The user's organizations (at most MEMBERSHIPS_LISTED), the current one first: what the header's
   * switcher offers. `organizations_listed` is false when there are more, which /organizations lists.
   */
  organizations: { name: string; slug: string; role: Role }[]
  organizations_listed: boolean
}

/** A session's tokens. */
export interface TokensPayload {
  access: string
  refresh: string
}

/** What a sign-in answers (token/obtain, users/google): the tokens and the user. */
export interface SignInPayload extends TokensPayload {
  user_id: number
  user: UserPayload
}

/** POST /api/change-password/: every session ended, and a fresh one for the caller. */
export interface PasswordChangedPayload extends TokensPayload {
  detail: string
}
