import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { ConfigError } from './config-error'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './owner-only-files'

const GENERATED = ['JWT_SECRET', 'SESSION_SECRET'] as const

/**
 * Secrets that are not configured are generated once and kept in DATA_DIR, so `npm start` needs no
 * set-up and sessions survive restarts. Real deployments set them in the environment; on a shared
 * PostgreSQL they must: instances that each generated their own would refuse each other's tokens
 * and session cookies, signing users out whenever the load balancer switched.
 */
export function withGeneratedSecrets(env: Record<string, string | undefined>) {
  const missing = GENERATED.filter((name) => !env[name])
  if (missing.length === 0) return env
  if (env.DATABASE_URL) {
    throw new ConfigError(
      `Set ${missing.join(' and ')} with DATABASE_URL: every instance on one database must sign tokens and sessions with the same secrets.`,
    )
  }
  const dataDir = env.DATA_DIR || './data'
  const file = path.join(dataDir, 'secrets.json')
  let stored: Record<string, string> = {}
  try {
    stored = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    // first start: nothing stored yet
  }
  let changed = false
  for (const name of missing) {
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString('base64url')
      changed = true
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE })
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: PRIVATE_FILE_MODE })
  }
  return { ...env, ...Object.fromEntries(missing.map((name) => [name, stored[name]])) }
}
