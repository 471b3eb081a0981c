import type { auditEvents } from '../db/schema'
import type { AuditEventPayload, AuditPagePayload } from './contract'
import type { listAuditEvents } from './service'

type EventRow = typeof auditEvents.$inferSelect

export const describeEvent = (event: EventRow): AuditEventPayload => ({
  id: event.id,
  action: event.action,
  // The actor's id is null once their account is gone; the name and e-mail are those they had then.
  actor: { id: event.actorId, name: event.actorName, email: event.actorEmail },
  target: event.target,
  details: event.details,
  created_at: event.createdAt.toISOString(),
})

/** The link to another page of the same list (DRF's `next`/`previous`), or null when there is none. */
function pageLink(url: URL, page: number) {
  const link = new URL(url)
  link.searchParams.set('page', String(page))
  return link.toString()
}

/** A page of events in the DRF shape: `count`, `next`, `previous`, `results` (and the page asked for). */
export function describeEventsPage(
  url: URL,
  query: { page: number; page_size: number },
  { rows, count }: Awaited<ReturnType<typeof listAuditEvents>>,
): AuditPagePayload {
  const last = Math.max(1, Math.ceil(count / query.page_size))
  return {
    count,
    next: query.page < last ? pageLink(url, query.page + 1) : null,
    previous: query.page > 1 ? pageLink(url, Math.min(query.page - 1, last)) : null,
    page: query.page,
    page_size: query.page_size,
    results: rows.map(describeEvent),
  }
}
