import { and, eq } from 'drizzle-orm'

import { meetingKey } from '../../shared/meetings'
import { requireRole } from '../auth/access'
import { meetings } from '../db/schema'
import type { Deps, OrgCaller } from '../kernel/context'
import { notFound } from '../kernel/http-error'
import { pathId } from '../kernel/validation'

/** Spec §7 "Simulated services": the 404 of a meeting that is not there. */
export const MEETING_NOT_FOUND = 'Meeting not found'

/** The row id of a meeting id; only the one spelling `meetingKey` gives names a meeting. */
export function meetingId(raw: string | undefined) {
  const id = pathId(/^meet-(\d+)$/.exec(raw ?? '')?.[1], MEETING_NOT_FOUND)
  if (meetingKey(id) !== raw) throw notFound(MEETING_NOT_FOUND)
  return id
}

/** Scheduling, editing, deleting and uploading: admin and analyst; members read. */
export const requireMeetingEditor = (caller: OrgCaller) => requireRole(caller, ['analyst'])

/** The meeting if it belongs to the caller's current organization; another's answers 404 like none. */
export async function requireMeeting({ db }: Deps, caller: OrgCaller, id: number) {
  const [row] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.organizationId, caller.organizationId)))
  if (!row) throw notFound(MEETING_NOT_FOUND)
  return row
}
