import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'

import type { AnalysisBody, AnalysisType } from '../../shared/analysis'
import { analyseOffline, OFFLINE_ENGINE } from '../ai/analysis/offline'
import type { AnalysisInput } from '../ai/analysis/types'
import {
  type AnalysisGenerator,
  analysisResults,
  documentChunks,
  documentPages,
  type documents,
  documentVersions,
} from '../db/schema'
import { requireDocument } from '../documents/access'
import type { Deps, OrgCaller } from '../kernel/context'
import { HttpError, notFound } from '../kernel/http-error'
import { requireAnalyst } from './access'
import type { AnalysisPayload } from './contract'
import { analysisPayload } from './payload'
import type { AnalysisRequest } from './schema'

type DocumentRow = typeof documents.$inferSelect

/**
 * The analysis of a processed document's current version: the stored one when this version was
 * analysed so before, else computed now and stored. With `ANSWER_PROVIDER=openai` the model writes
 * it; when the model fails or answers something unusable, the offline analysis is answered (and
 * the model is asked again next time).
 */
export async function analyseDocument(
  deps: Deps,
  caller: OrgCaller,
  { document_id, type }: AnalysisRequest,
): Promise<AnalysisPayload> {
  requireAnalyst(caller)
  const document = requireProcessed(await requireDocument(deps, caller, document_id))
  const versionId = document.currentVersionId!
  const useLlm = deps.config.ANSWER_PROVIDER === 'openai'
  const [stored] = await storedResults(deps, caller, versionId, type, useLlm ? ['llm'] : ['offline'])
  if (stored) return analysisPayload(stored, document, true)
  const input = await analysisInput(deps, caller, document)
  // No chunks: the version was replaced while this request read it (processing makes at least one
  // of any text), or it has no text at all. Either way there is nothing worth keeping.
  if (!input.chunks.length) return unstored(document, type, analyseOffline(input, type))
  if (useLlm) {
    // Imported here only: the offline path never loads the OpenAI SDK (see api/ai/analysis/llm.ts).
    const { analyseWithLlm } = await import('../ai/analysis/llm')
    const written = await analyseWithLlm(deps.config, input, type)
    if (written) return store(deps, caller, document, type, 'llm', written)
    const [offline] = await storedResults(deps, caller, versionId, type, ['offline'])
    if (offline) return analysisPayload(offline, document, true)
  }
  return store(deps, caller, document, type, 'offline', analyseOffline(input, type))
}

function unstored(document: DocumentRow, type: AnalysisType, result: AnalysisBody) {
  const row = {
    id: 0,
    organizationId: document.organizationId,
    documentVersionId: document.currentVersionId!,
    type,
    generatedBy: 'offline' as const,
    result,
    createdAt: new Date(),
  }
  return analysisPayload(row, document, false)
}

function requireProcessed(document: DocumentRow) {
  if (document.processingStatus !== 'processed' || !document.currentVersionId) {
    throw new HttpError(409, {
      detail: `Only processed documents can be analysed: this one is ${document.processingStatus}.`,
    })
  }
  return document
}

/** A result of the offline analysis stored by an earlier edition of it (OFFLINE_ENGINE). */
const isStale = (row: typeof analysisResults.$inferSelect) =>
  row.generatedBy === 'offline' && (row.result as { engine?: unknown }).engine !== OFFLINE_ENGINE

/**
 * The stored results of this version and type by these generators. A stale offline result is
 * deleted, to be computed again: answering it would keep showing what the engine now reads better
 * (a sentence cut at a line break) to everyone who ran the analysis before.
 */
async function storedResults(
  { db }: Deps,
  caller: OrgCaller,
  versionId: number,
  type: AnalysisType,
  generators: AnalysisGenerator[],
) {
  const rows = await db
    .select()
    .from(analysisResults)
    .where(
      and(
        eq(analysisResults.organizationId, caller.organizationId),
        eq(analysisResults.documentVersionId, versionId),
        eq(analysisResults.type, type),
        inArray(analysisResults.generatedBy, generators),
      ),
    )
  const stale = rows.filter(isStale)
  if (stale.length)
    await db.delete(analysisResults).where(
      and(
        eq(analysisResults.organizationId, caller.organizationId),
        inArray(
          analysisResults.id,
          stale.map((row) => row.id),
        ),
      ),
    )
  return rows.filter((row) => !isStale(row))
}

/** The current version's chunks in reading order, with what is needed to read its tables and dates. */
async function analysisInput(deps: Deps, caller: OrgCaller, document: DocumentRow): Promise<AnalysisInput> {
  const versionId = document.currentVersionId!
  const [chunks, headers, [version]] = await Promise.all([
    deps.db
      .select({
        id: documentChunks.id,
        text: documentChunks.text,
        pageNumber: documentChunks.pageNumber,
        sheetName: documentChunks.sheetName,
      })
      .from(documentChunks)
      .where(
        and(
          eq(documentChunks.organizationId, caller.organizationId),
          eq(documentChunks.documentId, document.id),
          eq(documentChunks.versionId, versionId),
        ),
      )
      .orderBy(asc(documentChunks.chunkIndex)),
    deps.db
      .selectDistinct({ header: documentPages.header })
      .from(documentPages)
      .where(and(eq(documentPages.versionId, versionId), isNotNull(documentPages.header))),
    deps.db
      .select({ createdAt: documentVersions.createdAt })
      .from(documentVersions)
      .where(and(eq(documentVersions.id, versionId), eq(documentVersions.documentId, document.id))),
  ])
  return {
    title: document.title,
    chunks,
    tableHeaders: headers.flatMap((row) => (row.header ? [row.header] : [])),
    uploadedAt: version?.createdAt ?? document.createdAt,
  }
}

/** Keeps a result; when a request just like this one stored its own first, that one is answered. */
const FOREIGN_KEY_VIOLATION = '23503'

function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

async function store(
  deps: Deps,
  caller: OrgCaller,
  document: DocumentRow,
  type: AnalysisType,
  generatedBy: AnalysisGenerator,
  result: AnalysisBody,
) {
  const versionId = document.currentVersionId!
  const stored = generatedBy === 'offline' ? { ...result, engine: OFFLINE_ENGINE } : result
  const values = {
    organizationId: caller.organizationId,
    documentVersionId: versionId,
    type,
    generatedBy,
    result: stored,
  }
  let row: typeof analysisResults.$inferSelect | undefined
  try {
    ;[row] = await deps.db.insert(analysisResults).values(values).onConflictDoNothing().returning()
  } catch (error) {
    // The document (and its versions) was deleted while it was being analysed.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw notFound('Document not found.')
    throw error
  }
  if (row) return analysisPayload(row, document, false)
  const [existing] = await storedResults(deps, caller, versionId, type, [generatedBy])
  return analysisPayload(existing!, document, true)
}
