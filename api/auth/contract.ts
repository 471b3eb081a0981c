import { z } from 'zod'

import { AUTH_PROVIDERS, ROLES } from '../../shared/accounts'

// The bodies of the sign-in APIs and the user they sign in, declared once: their services return
// them, the web tier's client checks what it is sent against them. Only zod and shared/, so the web
// tier may load it.

/** The user as the spec's clients read it: profile fields plus role and organization of the current context. */
export const UserSchema = z.object({
  id: z.number(),
  email: z.string(),
  email_verified: z.boolean(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  auth_provider: z.enum(AUTH_PROVIDERS),
  profile_picture: z.string().nullable(),
  last_login: z.string().nullable(),
  date_joined: z.string(),
  role: z.enum(ROLES),
  organization: z
    .object({ id: z.number(), name: z.string(), slug: z.string(), logo: z.string().nullable() })
    .nullable(),
})

/** A session's tokens. */
export const TokensSchema = z.object({ access: z.string(), refresh: z.string() })

/** What a sign-in answers (token/obtain, users/google): the tokens and the user. */
export const SignInSchema = TokensSchema.extend({ user_id: z.number(), user: UserSchema })

/** Who created or changed something, as every payload names them; null once their account is gone. */
export const PersonSchema = z
  .object({ id: z.number(), email: z.string(), first_name: z.string(), last_name: z.string() })
  .nullable()

export type UserPayload = z.infer<typeof UserSchema>
export type TokensPayload = z.infer<typeof TokensSchema>
export type SignInPayload = z.infer<typeof SignInSchema>
export type PersonPayload = z.infer<typeof PersonSchema>

/**
 * Sent `1` on a call, asks the API for the caller's profile (GET /api/me/'s body, users/contract.ts) beside the answer,
 * so that a page's one call gives its frame the caller too (issue 49). It comes only with a 2xx
 * answer: from an API in the same process as a value handed over, from one over HTTP as this header
 * on the response, the profile's JSON in base64url, left out when longer than CALLER_PROFILE_MAX_CHARS.
 * The body is the call's own either way.
 */
export const CALLER_PROFILE_HEADER = 'X-Caller-Profile'
/** Well under the 16 KB Node and undici allow for all of a response's headers. */
export const CALLER_PROFILE_MAX_CHARS = 8192
