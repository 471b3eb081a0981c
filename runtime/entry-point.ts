import { ConfigError } from './config-error'
import { keepNewFilesPrivate } from './owner-only-files'

/**
 * A bad setting: the backend's ConfigError, or a failed check of the web tier's settings
 * (app/http/env.server.ts), a plain Error whose message starts the same way.
 */
export function isConfigError(error: unknown): error is Error {
  return (
    error instanceof ConfigError ||
    (error instanceof Error && error.message.startsWith('Invalid environment configuration'))
  )
}

/**
 * Starts a process (server.ts, server/api-process.ts, server/worker-process.ts). If start-up fails
 * the process exits 1 instead of lingering on whatever it had opened: a bad setting prints only its
 * message, which names the variable (a stack trace would bury it); anything else prints in full.
 * Before anything, what the process will create is made its user's only.
 */
export async function runEntryPoint(main: () => Promise<unknown>): Promise<void> {
  keepNewFilesPrivate()
  try {
    await main()
  } catch (error) {
    console.error(isConfigError(error) ? error.message : error)
    process.exit(1)
  }
}
