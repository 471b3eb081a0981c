import { and, desc, eq, sql } from 'drizzle-orm'

import type { Recommendation } from '../../../shared/analysis'
import type { ActionItem } from '../../../shared/meetings'
import type { StoredAnswer } from '../../../shared/readiness'
import type { Database } from '../../db/database'
import { preparedStatement } from '../../db/prepared'
import { analysisResults, documents, meetings, readinessAssessments, transcripts } from '../../db/schema'
import { organizationFacts } from '../../facts/organization-facts'
import { chooseLargestCustomer, CUSTOMER_FACTS } from '../assessment/proposals/customers'

/*
 * What the plan's suggestions are read from, one statement each, always within one organization.
 * Each reads a bounded number of rows: a long history of meetings or analyses offers its newest.
 * Each is built once per database (every view of the plan asks them all).
 */
const organizationParam = sql.placeholder('organizationId')

/** Meetings (and documents) whose action items (recommendations) are read, newest first. */
export const SOURCE_ROWS = 50

/** The processed meetings' action items (only those: not the segments, which can be large). */
const meetingItems = preparedStatement((db) =>
  db
    .select({ id: meetings.id, title: meetings.title, actionItems: transcripts.actionItems })
    .from(meetings)
    .innerJoin(transcripts, eq(transcripts.meetingId, meetings.id))
    .where(and(eq(meetings.organizationId, organizationParam), eq(meetings.status, 'processed')))
    .orderBy(desc(meetings.scheduledAt), desc(meetings.id))
    .limit(SOURCE_ROWS)
    .prepare('plan_meeting_items'),
)

export const readMeetingItems = (db: Database, organizationId: number) => meetingItems(db).execute({ organizationId })

/**
 * Each document's latest recommendations for its current version: an older version's advice may no
 * longer hold. The offline and the model's analysis of one version are one source; the newer counts.
 */
const recommendations = preparedStatement((db) =>
  db
    .selectDistinctOn([documents.id], {
      resultId: analysisResults.id,
      documentId: documents.id,
      documentTitle: documents.title,
      recommendations: sql<Recommendation[]>`${analysisResults.result} -> 'recommendations'`,
    })
    .from(analysisResults)
    .innerJoin(documents, eq(documents.currentVersionId, analysisResults.documentVersionId))
    .where(
      and(
        eq(analysisResults.organizationId, organizationParam),
        eq(documents.organizationId, organizationParam),
        eq(analysisResults.type, 'recommendations'),
      ),
    )
    .orderBy(documents.id, desc(analysisResults.createdAt), desc(analysisResults.id))
    .limit(SOURCE_ROWS)
    .prepare('plan_recommendations'),
)

export const readRecommendations = (db: Database, organizationId: number) =>
  recommendations(db).execute({ organizationId })

/**
 * The newest assessment with any answer: the one being answered, else the last completed. A fresh
 * assessment nobody has answered yet says nothing of the drivers, so the one before it still counts.
 */
const latestAnswers = preparedStatement((db) =>
  db
    .select({ answers: readinessAssessments.answers })
    .from(readinessAssessments)
    .where(
      and(
        eq(readinessAssessments.organizationId, organizationParam),
        sql`jsonb_array_length(${readinessAssessments.answers}) > 0`,
      ),
    )
    .orderBy(desc(readinessAssessments.id))
    .limit(1)
    .prepare('plan_latest_answers'),
)

export async function readLatestAnswers(db: Database, organizationId: number): Promise<StoredAnswer[] | null> {
  const [row] = await latestAnswers(db).execute({ organizationId })
  return row?.answers ?? null
}

/** The largest customer and its share of revenue, from the facts ingestion read (as the assessment proposes it). */
export async function readLargestCustomer(db: Database, organizationId: number) {
  return chooseLargestCustomer(await organizationFacts({ db }, organizationId, CUSTOMER_FACTS)).value
}

export type MeetingItems = { id: number; title: string; actionItems: ActionItem[] }
export type DocumentRecommendations = Awaited<ReturnType<typeof readRecommendations>>[number]
