import { attachment } from '../documents/content'
import type { AppContext, AppEnv } from '../kernel/hono-env'
import type { ExportFormat, ExportQuery } from './formats'
import { renderInThread } from './render-in-thread'
import { type Report, reportFileName } from './report'

const CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/**
 * The report as a download in the format asked for, made in a worker thread (./render-in-thread.ts;
 * a busy server answers 429 or 503 with Retry-After). It is made whole before it is sent (a report
 * is tens of kilobytes): a failure is then an error answer, never a truncated file.
 */
export async function sendReport<E extends AppEnv>(c: AppContext<E>, made: Report, { format, time_zone }: ExportQuery) {
  const report = { ...made, timeZone: time_zone }
  const bytes = await renderInThread(report, format, c.get('caller').userId)
  return c.body(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), 200, {
    'Content-Type': CONTENT_TYPES[format],
    'Content-Disposition': attachment(reportFileName(report, format)),
    'Content-Length': String(bytes.length),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  })
}
