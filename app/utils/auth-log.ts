/** Client side of the Alt+D debug panel: entries kept in localStorage `auth_debug_logs`, newest 100. */
export interface AuthLogEntry {
  timestamp: string
  source: string
  message: string
  data?: unknown
  type: 'info' | 'success' | 'warning' | 'error'
}

export const AUTH_LOG_KEY = 'auth_debug_logs'
export const AUTH_LOG_LIMIT = 100

export function readAuthLog(): AuthLogEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(AUTH_LOG_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed : []
  } catch {
    return []
  }
}

export function appendAuthLog(...entries: AuthLogEntry[]) {
  if (entries.length === 0) return
  try {
    const next = [...readAuthLog(), ...entries].slice(-AUTH_LOG_LIMIT)
    localStorage.setItem(AUTH_LOG_KEY, JSON.stringify(next))
  } catch {
    // storage full or disabled: the debug log is best effort
  }
}

export function logAuth(source: string, message: string, type: AuthLogEntry['type'] = 'info', data?: unknown) {
  appendAuthLog({ timestamp: new Date().toISOString(), source, message, type, data })
}

export function clearAuthLog() {
  localStorage.removeItem(AUTH_LOG_KEY)
}
