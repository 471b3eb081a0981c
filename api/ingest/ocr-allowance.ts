import { and, eq, gt, or, sql } from 'drizzle-orm'

import { jobs } from '../db/schema'
import type { Deps } from '../kernel/context'
import type { OcrAllowance } from './extraction-types'

/** The allowance is for any 24 hours, so a burst at midnight does not get two days' worth. */
const ALLOWANCE_HOURS = 24

/**
 * What is left of the organization's daily allowance of pages read by OCR (decision 047): the
 * pages its jobs read in the last 24 hours are counted on the jobs' rows, a page as it is read
 * (ocr-progress.ts), those of runs still going included. Undefined for system work.
 *
 * Runs of one organization that start together each see the same pages left, so the allowance can
 * be passed by what the others read in one run (a turn each); with the default concurrency one
 * worker runs one job of an organization at a time, and then it is exact.
 */
export async function ocrAllowance(
  { db, config }: Deps,
  organizationId: number | null,
): Promise<OcrAllowance | undefined> {
  if (organizationId === null) return undefined
  const [row] = await db
    .select({ read: sql<number>`coalesce(sum(${jobs.ocrPages}), 0)`.mapWith(Number) })
    .from(jobs)
    .where(
      and(
        eq(jobs.organizationId, organizationId),
        gt(jobs.ocrPages, 0),
        or(eq(jobs.status, 'running'), gt(jobs.endedAt, sql`now() - make_interval(hours => ${ALLOWANCE_HOURS})`)),
      ),
    )
  const pagesPerDay = config.OCR_PAGES_PER_ORGANIZATION_PER_DAY
  return { pagesLeft: Math.max(0, pagesPerDay - (row?.read ?? 0)), pagesPerDay }
}
