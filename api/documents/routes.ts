import { Hono } from 'hono'

import { parseCellParam, parseRowsParam } from '../../shared/cells'
import { MAX_ID } from '../../shared/ids'
import { currentMember, type MemberContext, type MemberEnv } from '../auth/access'
import { requireCaller } from '../auth/middleware'
import { pathId, readJson, readQuery } from '../kernel/validation'
import { documentId, requireDocument } from './access'
import { documentInsights, documentText, download } from './content'
import { relatedDocuments } from './related'
import { CompareSchema, ListDocumentsSchema, ResolveDuplicatesSchema, UpdateDocumentSchema } from './schema'
import {
  deleteDocument,
  describeDocument,
  listDocuments,
  reprocessDocument,
  statusPayload,
  updateDocument,
} from './service'
import { documentStatistics } from './statistics'
import { resolveDuplicates, uploadBatch, uploadDocument } from './uploads'
import { compareVersions, listVersions, restoreVersion, uploadVersion } from './versions'

/** Requests whose body is a file upload, exempt from the 1 MB JSON body limit. */
export function isUpload(method: string, path: string) {
  return method === 'POST' && /^\/api\/documents\/(?:upload_batch\/|\d+\/versions\/)?$/.test(path)
}

const id = (c: MemberContext) => documentId(c.req.param('id'))

/** The text page asked for: 1 when missing or not a number; past the last page there is simply no page. */
function pageNumber(raw: string | undefined) {
  const page = Math.floor(Number(raw ?? 1))
  return Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_ID) : 1
}

/** Documents of the caller's current organization (spec §7 "Documents", and what a real product needs). */
export const documentRoutes = new Hono<MemberEnv>()
  .use('/documents/*', requireCaller, currentMember)
  .use('/documents', requireCaller, currentMember)
  .get('/documents/statistics/', async (c) => c.json(await documentStatistics(c.get('deps'), c.get('member').caller)))
  .get('/documents/', async (c) =>
    c.json(await listDocuments(c.get('deps'), c.get('member').caller, readQuery(c, ListDocumentsSchema))),
  )
  .post('/documents/', async (c) => {
    const { status, body } = await uploadDocument(c.get('deps'), c.get('member').caller, c.req.raw)
    return c.json(body, status)
  })
  .post('/documents/upload_batch/', async (c) => {
    const { status, body } = await uploadBatch(c.get('deps'), c.get('member').caller, c.req.raw)
    return c.json(body, status)
  })
  .post('/documents/resolve_duplicates/', async (c) => {
    const caller = c.get('member').caller
    const { status, body } = await resolveDuplicates(c.get('deps'), caller, await readJson(c, ResolveDuplicatesSchema))
    return c.json(body, status)
  })
  .get('/documents/:id/', async (c) => {
    const caller = c.get('member').caller
    return c.json(await describeDocument(c.get('deps'), await requireDocument(c.get('deps'), caller, id(c))))
  })
  .patch('/documents/:id/', async (c) => {
    const caller = c.get('member').caller
    const input = await readJson(c, UpdateDocumentSchema)
    return c.json(await updateDocument(c.get('deps'), caller, id(c), input))
  })
  .delete('/documents/:id/', async (c) => {
    await deleteDocument(c.get('deps'), c.get('member').caller, id(c))
    return c.body(null, 204)
  })
  .post('/documents/:id/reprocess/', async (c) =>
    c.json(await reprocessDocument(c.get('deps'), c.get('member').caller, id(c))),
  )
  .get('/documents/:id/status/', async (c) => {
    const caller = c.get('member').caller
    return c.json(statusPayload(await requireDocument(c.get('deps'), caller, id(c))))
  })
  .get('/documents/:id/download/', async (c) => {
    const version = c.req.query('version')
    const versionId = version === undefined ? undefined : pathId(version, 'Version not found.')
    return download(c.get('deps'), c.get('member').caller, id(c), versionId)
  })
  .get('/documents/:id/text/', async (c) => {
    const chunk = c.req.query('chunk')
    // A chunk id that names no possible row is simply not found: the page asked for is shown.
    const chunkId = chunk && /^\d+$/.test(chunk) && Number(chunk) <= MAX_ID ? Number(chunk) : undefined
    const cell = chunkId === undefined ? undefined : (parseCellParam(c.req.query('cell')) ?? undefined)
    const rows = chunkId === undefined ? [] : parseRowsParam(c.req.query('rows'))
    return c.json(
      await documentText(c.get('deps'), c.get('member').caller, id(c), pageNumber(c.req.query('page')), {
        chunkId,
        cell,
        rows,
      }),
    )
  })
  .get('/documents/:id/related/', async (c) =>
    c.json(await relatedDocuments(c.get('deps'), c.get('member').caller, id(c))),
  )
  .get('/documents/:id/insights/', async (c) =>
    c.json(await documentInsights(c.get('deps'), c.get('member').caller, id(c))),
  )
  .get('/documents/:id/versions/', async (c) =>
    c.json(await listVersions(c.get('deps'), c.get('member').caller, id(c))),
  )
  .post('/documents/:id/versions/', async (c) =>
    c.json(await uploadVersion(c.get('deps'), c.get('member').caller, id(c), c.req.raw), 201),
  )
  .get('/documents/:id/versions/compare/', async (c) => {
    const { from, to } = readQuery(c, CompareSchema)
    return c.json(await compareVersions(c.get('deps'), c.get('member').caller, id(c), from, to))
  })
  .post('/documents/:id/versions/:versionId/restore/', async (c) => {
    const versionId = pathId(c.req.param('versionId'), 'Version not found.')
    return c.json(await restoreVersion(c.get('deps'), c.get('member').caller, id(c), versionId))
  })
