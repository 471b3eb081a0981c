import { ApiError } from './api-fetch.server'
import { meetingsApi } from './meetings.server'

/** A meeting and, once it is processed, its transcript: 404 for one that is not there. */
export async function loadMeeting(request: Request, id: string | undefined) {
  const api = meetingsApi(request)
  try {
    const meeting = await api.get(id ?? '')
    const transcript = meeting.status === 'processed' ? await api.transcript(meeting.id) : null
    return { meeting, transcript }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 404) throw new Response('Meeting not found', { status: 404 })
    throw new Response('Meeting not found or error loading data.', { status: 502 })
  }
}
