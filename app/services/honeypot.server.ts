import { Honeypot, SpamError } from 'remix-utils/honeypot/server'

import { webEnv } from './env.server'

let honeypot: Honeypot | undefined

export const getHoneypot = () => (honeypot ??= new Honeypot({ encryptionSeed: webEnv().SESSION_SECRET[0] }))

/** Rejects a form that a bot filled in (the hidden honeypot field has a value). */
export function checkHoneypot(formData: FormData) {
  try {
    getHoneypot().check(formData)
  } catch (error) {
    if (error instanceof SpamError) throw new Response('Form not submitted properly', { status: 400 })
    throw error
  }
}
