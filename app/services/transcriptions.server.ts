import { ConversationSchema } from '#api/chat/contract'
import {
  type MeetingListPayload as MeetingList,
  MeetingListSchema,
  type MeetingPayload as Meeting,
  MeetingSchema,
  type TranscriptPayload as Transcript,
  TranscriptSchema,
} from '#api/transcriptions/contract'
import { multipart, type StagedFile } from '~/http/uploads.server'

import { apiFetch, apiJson } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'

export type { Meeting, MeetingList, Transcript }

/** The meetings API, bound to the signed-in request. */
export function meetingsApi(request: Request) {
  return {
    list: async (query: { status?: string; page?: number }) => {
      const params = new URLSearchParams()
      if (query.status) params.set('status', query.status)
      if (query.page && query.page > 1) params.set('page', String(query.page))
      return expectShape(
        MeetingListSchema,
        await apiJson(request, apiPath('/meetings/', undefined, params)),
        'meetings',
      )
    },
    get: async (id: string) =>
      expectShape(MeetingSchema, await apiJson(request, apiPath('/meetings/:id/', { id })), 'meeting'),
    schedule: async (input: {
      title: string
      date: string
      duration: number
      participants: { name: string; email?: string; role: string }[]
    }) =>
      expectShape(
        MeetingSchema,
        await apiJson(request, apiPath('/meetings/'), { method: 'POST', json: input }),
        'meeting',
      ),
    /** Sends a staged transcript file; the backend answers once it has read it. */
    uploadTranscript: async (id: string, file: StagedFile) =>
      apiJson(request, apiPath('/meetings/:id/transcript/', { id }), {
        method: 'POST',
        body: await multipart({ file: [file] }),
      }),
    /** Sends a staged recording; the backend stores it and answers before it is transcribed. */
    uploadRecording: async (id: string, file: StagedFile) =>
      expectShape(
        MeetingSchema,
        await apiJson(request, apiPath('/meetings/:id/recording/', { id }), {
          method: 'POST',
          body: await multipart({ file: [file] }),
        }),
        'meeting',
      ),
    /** Makes the meeting's transcript a conversation of the caller's; answers with its id. */
    convert: async (id: string) =>
      expectShape(
        ConversationSchema,
        await apiJson(request, apiPath('/meetings/:id/convert/', { id }), { method: 'POST' }),
        'conversation',
      ),
    /** The meeting's notes as a PDF or Word file, streamed on as they come. */
    exportFile: (id: string, query: URLSearchParams) =>
      apiFetch(request, apiPath('/meetings/:id/export/', { id }, query)),
    transcript: async (id: string) =>
      expectShape(TranscriptSchema, await apiJson(request, apiPath('/meetings/:id/transcript/', { id })), 'transcript'),
  }
}
