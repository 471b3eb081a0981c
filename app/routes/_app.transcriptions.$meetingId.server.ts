import type { SubmissionResult } from '@conform-to/react'
import { json } from '@remix-run/node'

import { recordingTypeOf } from '#shared/recordings'
import { TranscriptUploadSchema } from '~/components/transcriptions/transcript-upload-form'
import { parseForm } from '~/http/parse-form.server'
import { backendFailed, notFound } from '~/http/responses.server'
import { stageUpload } from '~/http/uploads.server'
import { assertApiError } from '~/services/api-fetch.server'
import { requireRole } from '~/services/auth.server'
import { meetingsApi } from '~/services/transcriptions.server'
import { redirectWithToast } from '~/session/flash.server'

/** A meeting and, once it is processed, its transcript: 404 for one that is not there. */
export async function loadMeeting(request: Request, id: string | undefined) {
  const api = meetingsApi(request)
  try {
    const meeting = await api.get(id ?? '')
    const transcript = meeting.status === 'processed' ? await api.transcript(meeting.id) : null
    return { meeting, transcript }
  } catch (error) {
    assertApiError(error)
    if (error.status === 404) throw notFound('Meeting not found')
    throw backendFailed('Meeting not found or error loading data.')
  }
}

/**
 * The detail page's transcript upload: staged to disk, passed to the backend, and the page again
 * with the transcript, or with the backend's reason on the file field. A recording (by its
 * extension) goes to the recording endpoint instead, to be transcribed or to wait for a file.
 */
export async function uploadTranscriptAction(request: Request, id: string) {
  await requireRole(request, ['admin', 'analyst'])
  const staged = await stageUpload(request)
  if ('malformed' in staged) return json(fileError(staged.malformed), { status: 400 })
  let recording = false
  try {
    if (staged.refused.length) return json(fileError(...staged.refused.map((part) => part.reason)), { status: 400 })
    const submission = parseForm(staged.formData, { schema: TranscriptUploadSchema })
    if (submission.status !== 'success') return json(submission.reply({ hideFields: ['file'] }), { status: 400 })
    const file = staged.files[0]!
    recording = recordingTypeOf(file.name) !== null
    if (recording) await meetingsApi(request).uploadRecording(id, file)
    else await meetingsApi(request).uploadTranscript(id, file)
  } catch (error) {
    assertApiError(error)
    if (error.status === 404) throw notFound('Meeting not found')
    // The backend names what is wrong with the file (400, 413); anything else is its own failure.
    const { file, detail } = error.body
    const messages = Array.isArray(file)
      ? file.map(String)
      : typeof detail === 'string' && error.status < 500
        ? [detail]
        : [recording ? RECORDING_UPLOAD_FAILED : UPLOAD_FAILED]
    return json(fileError(...messages), { status: 400 })
  } finally {
    await staged.cleanup()
  }
  return redirectWithToast(request, `/transcriptions/${id}`, {
    type: 'success',
    message: recording ? 'Recording uploaded' : 'Transcript processed',
  })
}

const UPLOAD_FAILED = 'Failed to upload the transcript. Please try again.'
const RECORDING_UPLOAD_FAILED = 'Failed to upload the recording. Please try again.'

const fileError = (...messages: string[]): SubmissionResult<string[]> => ({
  status: 'error',
  error: { file: messages },
})
