import { json } from '@remix-run/node'

import { TemplateFormSchema, templateInput } from '~/components/conversation-templates/template-schema'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import { backendFailed, notFound } from '~/http/responses.server'
import { ApiError, assertApiError, fieldErrorsOf } from '~/services/api-fetch.server'
import { requireRole } from '~/services/auth.server'
import { templatesApi } from '~/services/conversation-templates.server'
import { redirectWithToast } from '~/session/flash.server'

const EDITORS = ['admin', 'analyst'] as const

/** A template for its detail or edit page: 404 for one that is not there, 502 when loading failed. */
export async function loadTemplate(request: Request, id: string | undefined) {
  try {
    return await templatesApi(request).get(id ?? '')
  } catch (error) {
    assertApiError(error)
    if (error.status === 404) throw notFound('Template not found')
    throw backendFailed('Failed to load template')
  }
}

/** The list's and the detail page's delete: on to `to.done`, or back to `to.failed` with the spec's message. */
export async function deleteTemplateAction(request: Request, id: string, to: { done: string; failed: string }) {
  await requireRole(request, [...EDITORS])
  try {
    await templatesApi(request).remove(id)
  } catch (error) {
    assertApiError(error)
    return redirectWithToast(request, to.failed, {
      type: 'error',
      message: 'Failed to delete template. Please try again.',
    })
  }
  return redirectWithToast(request, to.done, { type: 'success', message: 'Template deleted' })
}

/** The backend's `sections.0.title` is the form's `sections[0].title`. */
const formName = (key: string) => key.replace(/\.(\d+)(?=\.|$)/g, '[$1]')

/**
 * The create and edit forms' action: list intents (add, remove) answer the form changed, a valid
 * form is saved and opens the template, and the backend's refusals go back to their fields.
 */
export async function saveTemplateAction(request: Request, templateId?: string) {
  await requireRole(request, [...EDITORS])
  const submission = parseForm(await readForm(request), { schema: TemplateFormSchema })
  if (submission.status !== 'success') {
    return json(submission.reply(), { status: submission.status === 'error' ? 400 : 200 })
  }
  const api = templatesApi(request)
  try {
    const input = templateInput(submission.value)
    const saved = templateId ? await api.update(templateId, input) : await api.create(input)
    return redirectWithToast(request, `/conversation-templates/view/${saved.id}`, {
      type: 'success',
      message: templateId ? 'Template updated' : 'Template created',
    })
  } catch (error) {
    const fields = fieldErrorsOf(error)
    if (!fields && !(error instanceof ApiError)) throw error
    if (error instanceof ApiError && error.status === 404) throw notFound('Template not found')
    const { '': _detail, non_field_errors: _general, ...rest } = fields ?? {}
    const fieldErrors = Object.fromEntries(Object.entries(rest).map(([key, messages]) => [formName(key), messages]))
    return json(
      submission.reply({
        fieldErrors,
        formErrors: Object.keys(fieldErrors).length ? [] : ['Failed to save template'],
      }),
      { status: 400 },
    )
  }
}
