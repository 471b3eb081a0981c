import type { SubmissionResult } from '@conform-to/react'
import { json } from '@remix-run/node'

import { DuplicateChoiceSchema, type DuplicateQuestion, whereHeld } from '~/components/documents/duplicate-choice'
import { BatchUploadSchema, SingleUploadSchema, UPLOAD_FAILED } from '~/components/documents/upload-form'
import { parseForm } from '~/http/parse-form.server'
import { stageUpload } from '~/http/uploads.server'
import { ApiError, assertApiError, fieldErrorsOf } from '~/services/api-fetch.server'
import { documentsApi, type DuplicateEntry, type StagedFile } from '~/services/documents.server'
import { redirectWithToast } from '~/session/flash.server'

// The documents page's actions: uploads (and the question about files already held), delete, reprocess.

/** The toast of a single upload settled after the question, worded like the upload's own. */
function singleOutcome({ outcome, file_name, document, duplicate_of }: DuplicateEntry) {
  if (outcome === 'kept') return `"${document!.title}" uploaded. It is being processed.`
  if (outcome === 'new_version') {
    const version = `version ${document!.current_version} of "${document!.title}"`
    return `"${file_name}" added as ${version}. It is being processed.`
  }
  return duplicate_of
    ? `Nothing uploaded: "${file_name}" is already uploaded as ${whereHeld(duplicate_of)}.`
    : 'Nothing uploaded.'
}

/**
 * Settles the files an upload held back, as chosen on the "Already uploaded" question, then goes to
 * `done` with a toast. A file that can no longer be settled (its document deleted meanwhile, the
 * question a day old) goes back to the upload form at `retry`: uploading it again is the way on.
 */
export async function resolveDuplicates(
  request: Request,
  formData: FormData,
  { done, retry }: { done: string; retry: string },
) {
  const submission = parseForm(formData, { schema: DuplicateChoiceSchema })
  // Only a hand-made request gets here: the question's fields are all hidden or preset.
  if (submission.status !== 'success') throw new Response('Invalid choice', { status: 400 })
  const { mode, choice, files, title, description, category } = submission.value
  const fields = mode === 'single' ? { title, description, category } : { category }
  const choices = files.map((file) => ({
    ...fields,
    token: file.token,
    on_duplicate: choice === 'each' ? file.choice : choice,
  }))
  try {
    const result = await documentsApi(request).resolveDuplicates(choices)
    const stored = result.duplicates.some((entry) => entry.outcome !== 'skipped')
    const message = mode === 'single' ? singleOutcome(result.duplicates[0]!) : result.message
    return redirectWithToast(request, done, { type: stored ? 'success' : 'info', message })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return redirectWithToast(request, retry, { type: 'error', message: error.message })
  }
}

/** Spec §8: the server's detail when it gave one, else the spec's sentence. */
const uploadFailure = (error: unknown) =>
  error instanceof ApiError && typeof error.body.detail === 'string' ? error.body.detail : UPLOAD_FAILED

/** Back to the list as it was (filters kept), without the one-off parameters of forms and confirms. */
export function listUrl(request: Request) {
  const url = new URL(request.url)
  for (const key of ['confirm-delete', 'upload', 'mode', 'index']) url.searchParams.delete(key)
  return `/documents${url.search}`
}

async function uploadFiles(request: Request, formData: FormData, files: StagedFile[]) {
  const batch = formData.get('intent') === 'upload-batch'
  const submission = parseForm(formData, { schema: batch ? BatchUploadSchema : SingleUploadSchema })
  // Files are never echoed back: they cannot be serialised and the browser cannot refill them anyway.
  const hideFields = ['file', 'files']
  if (submission.status !== 'success') return json(submission.reply({ hideFields }), { status: 400 })
  const api = documentsApi(request)
  try {
    if (batch) {
      const { category } = submission.value
      const result = await api.uploadBatch(files, { category })
      if (result.held.length) {
        const refused = result.refused.map((file) => file.reason)
        return askAboutDuplicates({
          mode: 'batch',
          files: result.held,
          fields: { category },
          stored: result.document_ids.length,
          refused,
        })
      }
      return redirectWithToast(request, listUrl(request), {
        type: result.refused.length ? 'warning' : 'success',
        message: result.message,
      })
    }
    const { title, description, category } = submission.value as {
      title?: string
      description?: string
      category?: string
    }
    const outcome = await api.upload(files[0]!, { title, description, category })
    if ('held' in outcome)
      return askAboutDuplicates({
        mode: 'single',
        files: [outcome.held],
        fields: { title, description, category },
        stored: 0,
        refused: [],
      })
    return redirectWithToast(request, listUrl(request), {
      type: 'success',
      message: `"${outcome.stored.title}" uploaded. It is being processed.`,
    })
  } catch (error) {
    const fields = fieldErrorsOf(error)
    if (!fields && !(error instanceof ApiError)) throw error
    const fileField = batch ? 'files' : 'file'
    const { '': detail, files: fileErrors, file: singleErrors, refused: _refused, ...rest } = fields ?? {}
    const messages = fileErrors ?? singleErrors
    return json(
      submission.reply({
        hideFields,
        fieldErrors: { ...rest, ...(messages ? { [fileField]: messages } : {}) },
        formErrors: detail ?? (fields ? [] : [uploadFailure(error)]),
      }),
      { status: 400 },
    )
  }
}

/** The page again with the question in place of the upload form; the held files stay stored meanwhile. */
const askAboutDuplicates = (question: DuplicateQuestion) => json({ duplicates: question })

/** An upload form's post: its files staged to disk while the form is read, then sent on to the backend. */
export async function uploadAction(request: Request) {
  const staged = await stageUpload(request)
  // On the file input, naming the file, like the backend's refusals: the form is shown again around it.
  if ('tooLarge' in staged) {
    const field = staged.field === 'files' ? 'files' : 'file'
    return json({ status: 'error', error: { [field]: [staged.tooLarge] } } satisfies SubmissionResult<string[]>, {
      status: 400,
    })
  }
  // Nothing of the form could be read, so the message goes to the form as a whole.
  if ('malformed' in staged)
    return json({ status: 'error', error: { '': [staged.malformed] } } satisfies SubmissionResult<string[]>, {
      status: 400,
    })
  try {
    return await uploadFiles(request, staged.formData, staged.files)
  } finally {
    await staged.cleanup()
  }
}

export async function deleteAction(request: Request, id: number) {
  try {
    await documentsApi(request).remove(id)
  } catch (error) {
    assertApiError(error)
    return redirectWithToast(request, listUrl(request), {
      type: 'error',
      message: 'Failed to delete document. Please try again later.',
    })
  }
  return redirectWithToast(request, listUrl(request), { type: 'success', message: 'Document deleted' })
}

export async function reprocessAction(request: Request, id: number) {
  try {
    await documentsApi(request).reprocess(id)
  } catch (error) {
    assertApiError(error)
    return redirectWithToast(request, listUrl(request), {
      type: 'error',
      message: 'Failed to reprocess document. Please try again later.',
    })
  }
  return redirectWithToast(request, listUrl(request), { type: 'info', message: 'Document queued for processing' })
}
