import { serveWork } from '../../runtime/work-pool'
import { reportDocx } from './docx'
import { reportPdf } from './pdf'
import type { Report } from './report'

serveWork({
  pdf: (report: Report) => reportPdf(report),
  docx: (report: Report) => reportDocx(report),
})
