import { z } from 'zod'

import { type SignInPayload, SignInSchema, UserSchema } from '#api/auth/contract'
import { type OwnProfilePayload, OwnProfileSchema, PasswordChangedSchema } from '#api/users/contract'
import { type AuthSession, updateTokens } from '~/session/session.server'

import { answerOf, ApiError, apiFetch, apiJson, ApiUnavailableError } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'
import { askForProfile, carriedProfile } from './caller-profile.server'

export type Me = OwnProfilePayload

/**
 * Spec §8's login response: the user every page reads (who, with what role, in which organization),
 * and an access (or `token`) value. Made from api/auth/contract.ts's SignInSchema, looser on purpose: a
 * backend that answers as the spec does signs in. Its user is kept in the session cookie.
 */
const SpecSignInSchema = SignInSchema.pick({ refresh: true })
  .extend({
    access: z.string().optional(),
    token: z.string().optional(),
    // The fields the spec's user has; what else a backend sends is kept as it is.
    user: UserSchema.pick({ id: true, email: true, email_verified: true, username: true, role: true })
      .extend({
        organization: UserSchema.shape.organization.unwrap().pick({ id: true, name: true, slug: true }).nullable(),
      })
      .passthrough(),
  })
  .refine((answer) => answer.access ?? answer.token)

type TokenAnswer = SignInPayload & { token?: string }

/** Spec §8 "Login": the messages a failed sign-in shows, chosen in one place. */
export const LOGIN_MESSAGES = {
  invalid: 'Invalid username or password',
  unavailable: 'Authentication service unavailable. Please check your connection and try again.',
  badResponse: 'Authentication failed: Invalid response from server',
  fallback: 'Login failed. Please check your credentials.',
} as const

export class LoginError extends Error {
  name = 'LoginError'
}

function toAuthSession(body: unknown, badResponse: string): AuthSession {
  if (!SpecSignInSchema.safeParse(body).success) throw new LoginError(badResponse)
  const answer = body as TokenAnswer
  return { access: answer.access ?? answer.token!, refresh: answer.refresh, user: answer.user }
}

async function readBody(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>
  } catch {
    return {}
  }
}

function firstMessage(body: Record<string, unknown>) {
  const nonField = body.non_field_errors
  if (Array.isArray(nonField) && typeof nonField[0] === 'string') return nonField[0]
  return typeof body.detail === 'string' ? body.detail : undefined
}

/** POST /api/token/obtain/ with username (or e-mail) and password. */
export async function obtainToken(request: Request, credentials: { username: string; password: string }) {
  let response: Response
  try {
    response = await apiFetch(request, apiPath('/token/obtain/'), {
      method: 'POST',
      json: credentials,
      anonymous: true,
    })
  } catch (error) {
    if (error instanceof ApiUnavailableError) throw new LoginError(LOGIN_MESSAGES.unavailable)
    throw error
  }
  const body = await readBody(response)
  if (response.status === 401) throw new LoginError(LOGIN_MESSAGES.invalid)
  if (response.status === 400) throw new LoginError(firstMessage(body) ?? LOGIN_MESSAGES.fallback)
  if (!response.ok) throw new LoginError(`Login failed: ${firstMessage(body) ?? 'Server error'}`)
  return toAuthSession(body, LOGIN_MESSAGES.badResponse)
}

/** Spec §8 "Google sign-in", button level: what each backend answer means to the user. */
const GOOGLE_MESSAGES: Record<number, string> = {
  400: 'Invalid Google account information. Please try again.',
  401: 'Google authentication was rejected. Please try again with a different account.',
  404: 'Authentication service is not available. Please contact support.',
}

/** POST /api/users/google/: exchanges Google's ID token for our tokens. */
export async function exchangeGoogleToken(request: Request, idToken: string | undefined) {
  if (!idToken) throw new LoginError('Google authentication failed: No credential received')
  let response: Response
  try {
    response = await apiFetch(request, apiPath('/users/google/'), {
      method: 'POST',
      json: { token: idToken },
      anonymous: true,
    })
  } catch (error) {
    if (error instanceof ApiUnavailableError) {
      throw new LoginError('Network error. Please check your internet connection and try again.')
    }
    throw error
  }
  const body = await readBody(response)
  if (!response.ok) {
    throw new LoginError(
      GOOGLE_MESSAGES[response.status] ?? 'Server error during authentication. Please try again later.',
    )
  }
  return toAuthSession(body, LOGIN_MESSAGES.badResponse)
}

/** GET /api/me/, when no call of the page brought the profile (decision 079). */
export async function getMe(request: Request): Promise<Me> {
  const headers = new Headers()
  // The API then finds the caller and the profile's notices in one statement.
  askForProfile(headers)
  const response = await apiFetch(request, apiPath('/me/'), { headers })
  const handed = carriedProfile(response)
  if (handed) {
    await response.body?.cancel()
    return handed
  }
  return expectShape(OwnProfileSchema, await answerOf(response), 'profile')
}

/** The organization the user works in from now on, remembered by the backend for every sign-in. */
export const chooseOrganization = async (request: Request, slug: string) =>
  expectShape(
    OwnProfileSchema,
    await apiJson(request, apiPath('/me/organization/'), { method: 'PUT', json: { slug } }),
    'profile',
  )

export { ApiError }

/** Revokes the session's refresh-token family at the backend; signing out works even if this fails. */
export async function revokeSession(request: Request, refresh: string) {
  try {
    await apiFetch(request, apiPath('/token/revoke/'), { method: 'POST', json: { refresh }, anonymous: true })
  } catch (error) {
    if (!(error instanceof ApiUnavailableError)) throw error
  }
}

export const updateMe = (
  request: Request,
  // time_zone '' is automatic: the browser's zone.
  changes: Partial<Pick<Me, 'first_name' | 'last_name' | 'email' | 'username'> & { time_zone: string }>,
) => apiJson<Me>(request, apiPath('/me/'), { method: 'PUT', json: changes })

/** Follows an e-mail confirmation link as the signed-in user. */
export const confirmEmail = async (request: Request, token: string) =>
  expectShape(
    UserSchema,
    await apiJson(request, apiPath('/me/email/confirm/'), { method: 'POST', json: { token } }),
    'profile',
  )

export const cancelEmailChange = (request: Request) =>
  apiJson<void>(request, apiPath('/me/email/'), { method: 'DELETE' })

/** Changes the password; every session ends and this browser carries on with the fresh one it gets. */
export async function changePassword(request: Request, input: { old_password: string; new_password: string }) {
  const answer = expectShape(
    PasswordChangedSchema,
    await apiJson(request, apiPath('/change-password/'), { method: 'POST', json: input }),
    'password change',
  )
  await updateTokens(request, { access: answer.access, refresh: answer.refresh })
  return answer.detail
}
