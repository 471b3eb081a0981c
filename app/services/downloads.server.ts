import { backendFailed, notFound } from '~/http/responses.server'
import { userTimeZone, visitorTimeZone } from '~/services/time-zone.server'
import type { ExportFormat } from '~/utils/export-formats'

// What of a backend file response reaches the browser: its type, size and name, and how to treat it.
const PASSED_HEADERS = [
  'Content-Type',
  'Content-Length',
  'Content-Disposition',
  'X-Content-Type-Options',
  'Cache-Control',
]

/** A file the backend answered with, streamed on to the browser with the headers that describe it. */
export function passFileOn(response: Response) {
  const headers = new Headers()
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(response.body, { status: 200, headers })
}

// Backend refusals whose reason is the reader's to act on: not allowed, not ready, too large, busy.
const PASSED_REFUSALS = [403, 409, 413, 429, 503]

/**
 * What the browser gets for a file the backend did not give: the refusals above with the backend's
 * reason and its Retry-After, a miss as 404, anything else as 502 with `fallback`.
 */
export async function downloadFailure(response: Response, fallback = 'The file could not be made') {
  if (response.status === 404) return notFound('Not found')
  if (!PASSED_REFUSALS.includes(response.status)) return backendFailed(fallback)
  const body = (await response.json().catch(() => ({}))) as { detail?: unknown }
  const headers = new Headers({ 'Content-Type': 'text/plain; charset=utf-8' })
  const retryAfter = response.headers.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return new Response(typeof body.detail === 'string' ? body.detail : fallback, { status: response.status, headers })
}

/** The client-ready formats, which conversations and meetings export as. */
export type ReportFormat = Exclude<ExportFormat, 'md'>

/** The report format a download link asks for (`?format=pdf|docx`); anything else is not a page here. */
export function requestedReportFormat(request: Request): ReportFormat {
  const format = new URL(request.url).searchParams.get('format')
  if (format !== 'pdf' && format !== 'docx') throw notFound('Not found')
  return format
}

/** What a backend export is asked with: the format, and the zone its dates are written in, the reader's. */
export const exportQuery = async (request: Request, format: ExportFormat) =>
  new URLSearchParams({ format, time_zone: (await userTimeZone(request)).name })

/**
 * The reader's zone for a page's call: a page's "today" is a day of their calendar, not UTC's. The
 * API takes the zone the caller chose, else this one, the browser's: the call need not wait for the
 * caller's profile, which comes with it (decision 079).
 */
export const readerQuery = (request: Request) =>
  new URLSearchParams({ fallback_time_zone: visitorTimeZone(request).name })
