/** An error the API answers with, rendered in Django REST Framework's shape by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`)
  }
}

export const badRequest = (fields: Record<string, string[]>) => new HttpError(400, fields)
export const formError = (message: string) => new HttpError(400, { non_field_errors: [message] })
export const unauthorized = (detail: string, code?: string) =>
  new HttpError(401, code ? { detail, code } : { detail })
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, { detail })
export const notFound = (detail = 'Not found.') => new HttpError(404, { detail })
