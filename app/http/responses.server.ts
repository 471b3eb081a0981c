/**
 * What a loader or action throws for its route's error boundary to show: a plain-text Response with
 * its status (epic-stack's invariantResponse, as a few named refusals).
 */
export const notFound = (message = 'Not Found') => new Response(message, { status: 404 })

export const badRequest = (message: string) => new Response(message, { status: 400 })

/** A form posted with an `intent` its action does not know. */
export const unknownIntent = () => badRequest('Unknown intent')

/** The backend failed in a way the page cannot explain. */
export const backendFailed = (message: string) => new Response(message, { status: 502 })
