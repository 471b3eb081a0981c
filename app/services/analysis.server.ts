import { json } from '@remix-run/node'

import { AnalysisSchema } from '#api/analysis/contract'
import { ACCESS_DENIED } from '~/utils/access'
import { ANALYSIS_FAILED, type AnalysisOutcome, type AnalysisResult, type AnalysisType } from '~/utils/analysis'

import { ApiError, apiFetch, apiJson, ApiUnavailableError } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'

export type { AnalysisOutcome, AnalysisResult, AnalysisType }

/**
 * A run that gave no result: the spec's message, with the backend's reason when it has one to give
 * (a document not processed yet), and `status` for the page's answer.
 */
export class AnalysisFailure extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null = null,
  ) {
    super(ANALYSIS_FAILED)
  }
}

/** The analysis API, bound to the signed-in request (organization from the session). */
export function analysisApi(request: Request) {
  return {
    /**
     * One analysis of one document (computed, or the backend's cached result for its current
     * version). Throws AnalysisFailure; a 403 (the role changed since the page checked) is the
     * page's Access Denied.
     */
    async run({ documentId, type }: { documentId: number; type: AnalysisType }): Promise<AnalysisResult> {
      try {
        const body = await apiJson(request, apiPath('/analysis/'), {
          method: 'POST',
          json: { document_id: documentId, type },
        })
        return expectShape(AnalysisSchema, body, 'analysis')
      } catch (error) {
        if (error instanceof ApiError) {
          if (error.status === 403) throw json({ message: ACCESS_DENIED.analysis }, { status: 403 })
          // A document that is not there (404) or not processed yet (409): the backend says which.
          const known = error.status === 404 || error.status === 409
          const detail = known && typeof error.body.detail === 'string' ? error.body.detail : null
          throw new AnalysisFailure(known ? error.status : 502, detail)
        }
        if (error instanceof ApiUnavailableError) throw new AnalysisFailure(502)
        throw error
      }
    },
    /** The analysis as a file with its source references (`query`: see exportQuery), streamed on as it comes. */
    exportFile: ({ documentId, type }: { documentId: number; type: AnalysisType }, query: URLSearchParams) =>
      apiFetch(
        request,
        apiPath(
          '/analysis/export/',
          undefined,
          `${new URLSearchParams({ document_id: String(documentId), type })}&${query}`,
        ),
      ),
  }
}

/** Runs one analysis for a page: its result, or the message (and reason) to show instead. */
export async function runAnalysis(request: Request, documentId: number, type: AnalysisType): Promise<AnalysisOutcome> {
  try {
    return { type, result: await analysisApi(request).run({ documentId, type }), error: null }
  } catch (error) {
    if (!(error instanceof AnalysisFailure)) throw error
    return { type, result: null, error: { message: ANALYSIS_FAILED, detail: error.detail, status: error.status } }
  }
}
