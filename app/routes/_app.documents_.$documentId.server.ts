import { json, redirect } from '@remix-run/node'

import { MAX_TAG_LENGTH, tagTooLong } from '#shared/categories'
import { MetadataSchema } from '~/components/documents/metadata-schema'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import { unknownIntent } from '~/http/responses.server'
import { stageUpload } from '~/http/uploads.server'
import { ApiError, fieldErrorsOf } from '~/services/api-fetch.server'
import { requireRole } from '~/services/auth.server'
import { documentNotFound, getDocument } from '~/services/document-detail.server'
import { documentsApi } from '~/services/documents.server'
import { flashCookie } from '~/session/flash.server'
import type { DocumentTab } from '~/utils/document-detail'
import type { ToastType } from '~/utils/toast'

/**
 * Answers a form of the panel: with a redirect back to the tab (the page, without JavaScript), or
 * with JSON when the overlay sent it through a fetcher (`_overlay`), so the list stays in place.
 */
async function done(
  request: Request,
  form: FormData | null,
  id: number,
  tab: DocumentTab,
  message: string,
  type: ToastType = 'success',
) {
  const cookie = await flashCookie(request, { toast: { type, message } })
  if (form?.get('_overlay'))
    return json({ ok: true as const, errors: null, reply: null }, { headers: { 'Set-Cookie': cookie } })
  return redirect(`/documents/${id}?tab=${tab}`, { headers: { 'Set-Cookie': cookie } })
}

const failed = (errors: Record<string, string[]>, values?: Record<string, string>) =>
  json({ ok: false as const, errors, reply: null, values }, { status: 400 })

export async function handleDocumentDetailAction(request: Request, id: number) {
  await requireRole(request, ['admin', 'analyst'])
  const api = documentsApi(request)
  const isUpload = request.headers.get('content-type')?.startsWith('multipart/form-data')
  if (isUpload) {
    const staged = await stageUpload(request)
    if ('malformed' in staged) return failed({ file: [staged.malformed] })
    // A refused file cannot be chosen again for the user, but what they wrote of it is kept.
    const changes = String(staged.formData.get('changes') ?? '')
    const refused = (reasons: string[]) => failed({ file: reasons }, { changes })
    try {
      if (staged.refused.length) return refused(staged.refused.map((part) => part.reason))
      const file = staged.files[0]
      if (!file) return refused(['Please select a file to upload'])
      await api.uploadVersion(id, file, changes)
      return done(request, staged.formData, id, 'versions', 'New version uploaded. It is being processed.')
    } catch (error) {
      // Another organization's document (or none): the same 404 as its page, not a server error.
      if (error instanceof ApiError && error.status === 404) throw documentNotFound()
      const fields = fieldErrorsOf(error)
      if (fields) return refused(fields.file ?? fields[''] ?? ['Failed to upload document. Please try again.'])
      throw error
    } finally {
      await staged.cleanup()
    }
  }
  const form = await readForm(request)
  const document = await getDocument(api, id)
  switch (form.get('intent')) {
    case 'save-metadata': {
      const submission = parseForm(form, { schema: MetadataSchema })
      if (submission.status !== 'success') {
        return json({ ok: false as const, errors: null, reply: submission.reply() }, { status: 400 })
      }
      const { title, category, new_category, description } = submission.value
      await api.update(id, {
        title,
        category: new_category || category || '',
        description: description ?? document.description,
      })
      return done(request, form, id, 'metadata', 'Document details saved')
    }
    case 'add-tag': {
      // Blank and duplicate tags are ignored (spec §5): the message says so rather than "added".
      const tag = String(form.get('tag') ?? '').trim()
      if (!tag) return done(request, form, id, 'metadata', 'Nothing was added: the tag was empty.', 'info')
      if ([...tag].length > MAX_TAG_LENGTH) return failed({ tag: [tagTooLong(tag)] })
      const existing = document.tags.find((known) => known.toLowerCase() === tag.toLowerCase())
      if (existing) return done(request, form, id, 'metadata', `Tag "${existing}" already exists.`, 'info')
      await api.update(id, { tags: [...document.tags, tag] })
      return done(request, form, id, 'metadata', `Tag "${tag}" added`)
    }
    case 'remove-tag': {
      const tag = String(form.get('tag') ?? '')
      await api.update(id, { tags: document.tags.filter((existing) => existing !== tag) })
      return done(request, form, id, 'metadata', `Tag "${tag}" removed`)
    }
    case 'restore': {
      const versionId = Number(form.get('version_id'))
      try {
        const restored = await api.restore(id, versionId)
        return done(
          request,
          form,
          id,
          'versions',
          `Version ${restored.current_version} restored. It is being processed.`,
        )
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) return failed({ '': [error.message] })
        throw error
      }
    }
    case 'reprocess': {
      try {
        await api.reprocess(id)
      } catch (error) {
        if (error instanceof ApiError) return failed({ '': ['Failed to reprocess document. Please try again later.'] })
        throw error
      }
      return done(request, form, id, 'preview', 'Document queued for processing')
    }
    default:
      throw unknownIntent()
  }
}
