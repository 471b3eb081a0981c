import { Honeypot, SpamError } from 'remix-utils/honeypot/server'

import { webEnv } from '~/http/env.server'
import { badRequest } from '~/http/responses.server'

let honeypot: Honeypot | undefined

export const getHoneypot = () => (honeypot ??= new Honeypot({ encryptionSeed: webEnv().SESSION_SECRET[0] }))

let current: { props: ReturnType<Honeypot['getInputProps']>; until: number } | undefined

/**
 * The honeypot fields of a form, the same for a second: the encryption of their timestamp (crypto-js)
 * cost /login about 7% of its time, and a timestamp up to a second old only makes the too-fast
 * check a second more lenient.
 */
export function honeypotInputProps() {
  const now = Date.now()
  if (!current || now >= current.until) current = { props: getHoneypot().getInputProps(), until: now + 1000 }
  return current.props
}

/** Rejects a form that a bot filled in (the hidden honeypot field has a value). */
export function checkHoneypot(formData: FormData) {
  try {
    getHoneypot().check(formData)
  } catch (error) {
    if (error instanceof SpamError) throw badRequest('Form not submitted properly')
    throw error
  }
}
