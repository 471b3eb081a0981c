import { z } from 'zod'

import type { AuthProvider, Role } from '../db/schema'

// The bodies of the sign-in APIs and the user they sign in, for their services and the web tier's
// client (`import type` only).

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

/** Who created or changed something, as every payload names them; null once their account is gone. */
export const PersonSchema = z
  .object({ id: z.number(), email: z.string(), first_name: z.string(), last_name: z.string() })
  .nullable()
export type PersonPayload = z.infer<typeof PersonSchema>
