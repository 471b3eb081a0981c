import { scopedValue } from './request-scope'

/** What one page request cost the backend, counted while it runs (shown as its Server-Timing). */
export interface RequestMetrics {
  apiCalls: number
  callerResolutions: number
  sqlStatements: number
}

const storage = scopedValue<RequestMetrics>('metrics')

export function measured<T>(metrics: RequestMetrics, run: () => T): T {
  return storage.run(metrics, run)
}

export function newRequestMetrics(): RequestMetrics {
  return { apiCalls: 0, callerResolutions: 0, sqlStatements: 0 }
}

/** Counts one event against the request being served, if any (a job's statements count nowhere). */
export function count(event: keyof RequestMetrics) {
  const metrics = storage.getStore()
  if (metrics) metrics[event]++
}

/** The counts as a Server-Timing header value (they are seen in the browser's network panel). */
export function serverTiming(metrics: RequestMetrics, durationMs: number) {
  return [
    `total;dur=${durationMs.toFixed(1)}`,
    `api;desc="${metrics.apiCalls} calls"`,
    `caller;desc="${metrics.callerResolutions} resolved"`,
    `sql;desc="${metrics.sqlStatements} statements"`,
  ].join(', ')
}
