import { redirectLogs } from '../../../runtime/log'

export interface LogLine {
  level: number
  msg: string
  requestId?: string
  [field: string]: unknown
}

export interface CapturedLogs {
  /** The JSON lines written so far, parsed. */
  lines(): LogLine[]
  /** The messages written so far that start with `prefix` (a module's, such as `[analysis]`). */
  messages(prefix: string): string[]
  /** Gives the lines back to standard output (silent under test). */
  stop(): void
}

/** Reads what the process's logger writes, from now until `stop()`: each line must be one JSON object. */
export function captureLogs(level: 'info' | 'debug' | 'warn' = 'info'): CapturedLogs {
  const written: string[] = []
  const stop = redirectLogs({ write: (line: string) => void written.push(line) }, level)
  const lines = () => written.map((line) => JSON.parse(line) as LogLine)
  return {
    lines,
    messages: (prefix) =>
      lines()
        .map((line) => line.msg)
        .filter((message) => message.startsWith(prefix)),
    stop,
  }
}

export const WARN = 40
export const ERROR = 50
