import type { SubmissionResult } from '@conform-to/react'
import { json } from '@remix-run/node'

import { refusedFilesSentence } from '#shared/file-types'
import { DuplicateChoiceSchema, type DuplicateQuestion, whereHeld } from '~/components/documents/duplicate-choice'
import { BatchUploadSchema, SingleUploadSchema, UPLOAD_FAILED } from '~/components/documents/upload-form'
import { parseForm } from '~/http/parse-form.server'
import { badRequest } from '~/http/responses.server'
import { type StagedForm, stageUpload } from '~/http/uploads.server'
import { ApiError, assertApiError, fieldErrorsOf } from '~/services/api-fetch.server'
import { type BatchUploadResult, documentsApi, type DuplicateEntry } from '~/services/documents.server'
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
  if (submission.status !== 'success') throw badRequest('Invalid choice')
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

/**
 * A batch's answer, with the files the web server refused itself (over the size limit) named beside
 * those the backend refused, in the one sentence the backend ends its message with.
 */
function batchMessage(result: BatchUploadResult, refusedHere: string[]) {
  if (!refusedHere.length) return result.message
  const refusedThere = result.refused.map((file) => file.reason)
  const said = refusedFilesSentence(refusedThere)
  const outcome =
    said && result.message.endsWith(said) ? result.message.slice(0, -said.length).trimEnd() : result.message
  return `${outcome} ${refusedFilesSentence([...refusedHere, ...refusedThere])}`
}

/**
 * Every file of an upload is judged before the answer: the web server's refusals (a file over the
 * size limit, files past the batch's limit) and the backend's (type, content, empty) are named
 * together on the file field, and the form comes back with what was typed in it. A batch follows the
 * backend's rule: its good files are stored and each refused one named; only one past the batch's
 * limit refuses the whole batch.
 */
async function uploadFiles(request: Request, { formData, files, refused }: StagedForm) {
  const batch = formData.get('intent') === 'upload-batch'
  const fileField = batch ? 'files' : 'file'
  const submission = parseForm(formData, { schema: batch ? BatchUploadSchema : SingleUploadSchema })
  // Files are never echoed back: they cannot be serialised and the browser cannot refill them anyway.
  const hideFields = ['file', 'files']
  const refusedHere = refused.map((part) => part.reason)
  const onFileField = (more: string[] = []) =>
    refusedHere.length || more.length ? { [fileField]: [...refusedHere, ...more] } : {}
  const whole = !batch || refused.some((part) => part.kind === 'too-many')
  if (submission.status !== 'success' || (whole && refusedHere.length))
    return json(submission.reply({ hideFields, fieldErrors: onFileField() }), { status: 400 })
  const api = documentsApi(request)
  try {
    if (batch) {
      const { category } = submission.value
      const result = await api.uploadBatch(files, { category })
      if (result.held.length) {
        return askAboutDuplicates({
          mode: 'batch',
          files: result.held,
          fields: { category },
          stored: result.document_ids.length,
          refused: [...refusedHere, ...result.refused.map((file) => file.reason)],
        })
      }
      return redirectWithToast(request, listUrl(request), {
        type: refusedHere.length || result.refused.length ? 'warning' : 'success',
        message: batchMessage(result, refusedHere),
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
    const { '': detail, files: fileErrors, file: singleErrors, refused: _refused, ...rest } = fields ?? {}
    return json(
      submission.reply({
        hideFields,
        fieldErrors: { ...rest, ...onFileField(fileErrors ?? singleErrors) },
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
  // Nothing of the form could be read, so the message goes to the form as a whole.
  if ('malformed' in staged)
    return json({ status: 'error', error: { '': [staged.malformed] } } satisfies SubmissionResult<string[]>, {
      status: 400,
    })
  try {
    return await uploadFiles(request, staged)
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
