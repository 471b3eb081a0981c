import { Hono } from 'hono'

import { currentMember, type MemberContext, type MemberEnv } from '../auth/access'
import { requireCaller } from '../auth/middleware'
import { attachment } from '../documents/content'
import { sendReport } from '../exports/respond'
import { readJson, readQuery } from '../kernel/validation'
import { requireAnalyst } from './access'
import { analysisMarkdown } from './markdown'
import { analysisReport } from './report'
import { AnalysisExportSchema, AnalysisRequestSchema } from './schema'
import { analyseDocument } from './service'

/** The caller, if they may analyse: permission is checked before the request is read. */
async function analyst(c: MemberContext) {
  const { caller, organization } = c.get('member')
  requireAnalyst(caller)
  return { caller, organization }
}

/** Spec §2 "Analysis page": a processed document's summary, findings, risks or recommendations. */
export const analysisRoutes = new Hono<MemberEnv>()
  .use('/analysis/*', requireCaller, currentMember)
  .use('/analysis', requireCaller, currentMember)
  .post('/analysis/', async (c) => {
    const { caller } = await analyst(c)
    return c.json(await analyseDocument(c.get('deps'), caller, await readJson(c, AnalysisRequestSchema)))
  })
  // The same analysis as a file with its sources: PDF or Word for the client, Markdown for the advisor's notes.
  .get('/analysis/export/', async (c) => {
    const { caller, organization } = await analyst(c)
    const { format, time_zone, ...request } = readQuery(c, AnalysisExportSchema)
    const analysis = await analyseDocument(c.get('deps'), caller, request)
    if (format !== 'md') return sendReport(c, analysisReport(analysis, organization.name), { format, time_zone })
    const fileName = `${analysis.document_title} - ${analysis.title}.md`.replace(/[/\\]/g, '-')
    return c.body(analysisMarkdown(analysis), 200, {
      'Content-Type': 'text/markdown; charset=utf-8',
      'Content-Disposition': attachment(fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    })
  })
