import type { ExportFormat } from '~/components/export-links'
import { userTimeZone } from '~/session/time-zone.server'

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

/** The client-ready formats, which conversations and meetings export as. */
export type ReportFormat = Exclude<ExportFormat, 'md'>

/** The report format a download link asks for (`?format=pdf|docx`); anything else is not a page here. */
export function requestedReportFormat(request: Request): ReportFormat {
  const format = new URL(request.url).searchParams.get('format')
  if (format !== 'pdf' && format !== 'docx') throw new Response('Not found', { status: 404 })
  return format
}

/** What a backend export is asked with: the format, and the zone its dates are written in, the reader's. */
export const exportQuery = async (request: Request, format: ExportFormat) =>
  new URLSearchParams({ format, time_zone: (await userTimeZone(request)).name })
