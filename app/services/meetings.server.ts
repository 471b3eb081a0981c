import { z } from 'zod'

// The backend's response shapes, imported as types only (erased at build).
import type { MeetingPayload as Meeting, TranscriptPayload as Transcript } from '#api/meetings/contract'
import { multipart, type StagedFile } from '~/http/uploads.server'

import { apiFetch, apiJson } from './api-fetch.server'
import { expectPartialShape } from './api-shape.server'

export type { Meeting, Transcript }

// What the pages read of them.
const MeetingShape = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  duration: z.number(),
  durationSource: z.enum(['scheduled', 'transcript']),
  status: z.enum(['scheduled', 'processing', 'processed']),
  participants: z.array(z.object({ id: z.number(), name: z.string(), role: z.string(), roleGroup: z.string() })),
  recording: z.object({ fileName: z.string(), size: z.number(), contentType: z.string() }).nullable(),
  transcriptionError: z.string().nullable(),
  updatedAt: z.string(),
})
const MeetingListShape = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(MeetingShape),
})
const TranscriptShape = z.object({
  segments: z.array(z.object({ id: z.number(), startTime: z.number(), speaker: z.string(), text: z.string() })),
  summary: z.string(),
  summaryPoints: z.array(z.object({ text: z.string(), turn: z.number().nullable() })),
  keywords: z.array(z.string()),
  actionItems: z.array(z.object({ text: z.string(), assignee: z.string().nullable(), dueDate: z.string().nullable() })),
  decisions: z.array(z.object({ text: z.string(), speaker: z.string(), time: z.number().nullable() })),
})

const ConvertedShape = z.object({ id: z.number() })

export interface MeetingList {
  count: number
  page: number
  page_size: number
  results: Meeting[]
}

const path = (id: string, rest = '') => `/meetings/${encodeURIComponent(id)}/${rest}`

/** The meetings API, bound to the signed-in request. */
export function meetingsApi(request: Request) {
  return {
    list: async (query: { status?: string; page?: number }) => {
      const params = new URLSearchParams()
      if (query.status) params.set('status', query.status)
      if (query.page && query.page > 1) params.set('page', String(query.page))
      const search = params.size ? `?${params}` : ''
      return expectPartialShape<MeetingList>(
        MeetingListShape,
        await apiJson(request, `/meetings/${search}`),
        'meetings',
      )
    },
    get: async (id: string) => expectPartialShape<Meeting>(MeetingShape, await apiJson(request, path(id)), 'meeting'),
    schedule: async (input: {
      title: string
      date: string
      duration: number
      participants: { name: string; email?: string; role: string }[]
    }) =>
      expectPartialShape<Meeting>(
        MeetingShape,
        await apiJson(request, '/meetings/', { method: 'POST', json: input }),
        'meeting',
      ),
    /** Sends a staged transcript file; the backend answers once it has read it. */
    uploadTranscript: async (id: string, file: StagedFile) =>
      apiJson<unknown>(request, path(id, 'transcript/'), { method: 'POST', body: await multipart({ file: [file] }) }),
    /** Sends a staged recording; the backend stores it and answers before it is transcribed. */
    uploadRecording: async (id: string, file: StagedFile) =>
      expectPartialShape<Meeting>(
        MeetingShape,
        await apiJson(request, path(id, 'recording/'), { method: 'POST', body: await multipart({ file: [file] }) }),
        'meeting',
      ),
    /** Makes the meeting's transcript a conversation of the caller's; answers with its id. */
    convert: async (id: string) =>
      expectPartialShape<{ id: number }>(
        ConvertedShape,
        await apiJson(request, path(id, 'convert/'), { method: 'POST' }),
        'conversation',
      ),
    /** The meeting's notes as a PDF or Word file, streamed on as they come. */
    exportFile: (id: string, query: URLSearchParams) => apiFetch(request, path(id, `export/?${query}`)),
    transcript: async (id: string) =>
      expectPartialShape<Transcript>(TranscriptShape, await apiJson(request, path(id, 'transcript/')), 'transcript'),
  }
}
