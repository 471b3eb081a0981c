import { DuplicateChoiceSchema, whereHeld } from '~/components/documents/duplicate-choice'

import { ApiError } from './api-fetch.server'
import { documentsApi, type DuplicateEntry } from './documents.server'
import { redirectWithToast } from './flash.server'
import { parseForm } from './parse-form.server'

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
