import type { AppContext } from '../context'
import { attachment } from '../documents/content'
import type { ExportFormat, ExportQuery } from './formats'
import { type Report, reportFileName } from './report'

const CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/**
 * The report as a download in the format asked for. It is made whole before it is sent (a report is
 * tens of kilobytes): a failure is then an error answer, never a truncated file. The renderers load
 * only in a process that exports.
 */
export async function sendReport(c: AppContext, made: Report, { format, time_zone }: ExportQuery) {
  const report = { ...made, timeZone: time_zone }
  const bytes =
    format === 'pdf'
      ? await (await import('./pdf')).reportPdf(report)
      : await (await import('./docx')).reportDocx(report)
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': CONTENT_TYPES[format],
    'Content-Disposition': attachment(reportFileName(report, format)),
    'Content-Length': String(bytes.length),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  })
}
