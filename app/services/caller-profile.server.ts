import { CALLER_PROFILE_HEADER } from '#api/auth/contract'
import { type OwnProfilePayload, OwnProfileSchema } from '#api/users/contract'
import { currentRequestStore, type ProfileRide } from '~/http/request-context.server'

/**
 * A page's caller's profile comes with the page's own call (issue 49, decision 079). The frame asks
 * for it (`currentUser`); the first GET any loader of the request starts before the frame stops
 * waiting boards it (asks the API for the profile beside its answer); when there is none, or it
 * fails, or comes back without the profile, the frame asks GET /api/me/. Loaders start their calls
 * within the same few turns of the event loop, so waiting for one macrotask is enough to see them.
 */
/** A seat on the ride, for the call that boarded: settled once, whatever becomes of the call. */
export interface ProfileSeat {
  settle(profile: OwnProfilePayload | undefined): void
  fail(error: unknown): void
}

// Profiles handed over by the in-process API, by the answer they came with.
const handedOver = new WeakMap<Response, OwnProfilePayload>()

/** Marks the request as wanting its caller's profile; synchronous, so that calls after it board. */
export function wantProfile(): ProfileRide {
  const store = currentRequestStore()
  if (!store) return { closed: true }
  return (store.profileRide ??= { closed: false })
}

/** A GET call's seat on the request's ride, when the profile is wanted and no call carries it yet. */
export function boardRide(): ProfileSeat | undefined {
  const ride = currentRequestStore()?.profileRide
  if (!ride || ride.closed || ride.carrier) return undefined
  let seat!: ProfileSeat
  ride.carrier = new Promise<OwnProfilePayload | undefined>((resolve, reject) => {
    seat = { settle: resolve, fail: reject }
  })
  // The frame reads it; a failure it does not wait for is nobody's.
  ride.carrier.catch(() => undefined)
  return seat
}

/**
 * The profile a boarded call brought, or undefined: the frame then asks GET /api/me/. A redirect
 * (the session ended while refreshing it) is the frame's answer too.
 */
export async function profileCarried(ride: ProfileRide): Promise<OwnProfilePayload | undefined> {
  if (!ride.closed) await new Promise((resolve) => setImmediate(resolve))
  ride.closed = true
  try {
    return await ride.carrier
  } catch (error) {
    if (error instanceof Response) throw error
    return undefined
  }
}

/** Asks the API for the caller's profile beside the call's answer. */
export const askForProfile = (headers: Headers) => headers.set(CALLER_PROFILE_HEADER, '1')
export const asksForProfile = (headers: Headers) => headers.get(CALLER_PROFILE_HEADER) === '1'

export function handOver(response: Response, profile: OwnProfilePayload | undefined) {
  if (profile) handedOver.set(response, profile)
}

/**
 * The profile that came with a 2xx answer: handed over in process (the API's own value, of this
 * very code), or from the header of an API over HTTP, checked against the contract like any body.
 */
export function carriedProfile(response: Response): OwnProfilePayload | undefined {
  if (!response.ok) return undefined
  const given = handedOver.get(response)
  if (given) return given
  const encoded = response.headers.get(CALLER_PROFILE_HEADER)
  if (!encoded) return undefined
  try {
    const parsed = OwnProfileSchema.safeParse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
