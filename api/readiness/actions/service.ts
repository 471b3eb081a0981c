import { and, asc, count, eq, inArray, lte, type Placeholder, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

import {
  DUE_SOON_DAYS,
  DUE_SOON_LIMIT,
  MAX_TASKS,
  SUGGESTION_SOURCES,
  SUGGESTIONS_PER_SOURCE,
} from '../../../shared/actions'
import { DEFAULT_TIME_ZONE, isoDayIn } from '../../../shared/time-zones'
import { personName, recordEvent } from '../../audit/service'
import { allMembers } from '../../auth/membership'
import type { Database } from '../../db/database'
import { preparedStatement } from '../../db/prepared'
import { actionTasks, analysisResults, documentVersions, memberships, users } from '../../db/schema'
import type { Deps, OrgCaller } from '../../kernel/context'
import { badRequest, formError, notFound } from '../../kernel/http-error'
import type { ChecklistPayload } from '../checklist/contract'
import { getChecklist } from '../checklist/service'
import { canEditActions, requireActionEditor, TASK_NOT_FOUND } from './access'
import type { DueSoonPayload, GatherPayload, PlanPayload, SuggestionPayload, TaskPayload } from './contract'
import { driverSuggestions, weakDrivers } from './driver-suggestions'
import { sourceLink } from './links'
import type { TaskCreate, TaskPatch } from './schema'
import { readLargestCustomer, readLatestAnswers, readMeetingItems, readRecommendations } from './sources'
import { addDays, groupBySprint, utcDay } from './sprints'
import { analysisSuggestions, checklistSuggestions, meetingSuggestions, type Suggestion } from './suggestions'

type TaskRow = typeof actionTasks.$inferSelect
const owners = alias(users, 'owner')

const NOT_A_MEMBER = 'Choose a member of this organization.'
const NOT_OFFERED = 'This suggestion is not offered now: it is in the plan already, or its source has changed.'

/**
 * The organization's tasks with their owner's name and, for an analysis recommendation, the document
 * its analysis is of (none once the document, and with it the analysis, is deleted).
 */
function readTasks(db: Database, organizationId: number | Placeholder, id?: number) {
  // CASE, not AND: only an analysis reference has a number after its first colon.
  const resultId = sql`case when ${actionTasks.origin} = 'analysis' then split_part(${actionTasks.originRef}, ':', 2)::integer end`
  return db
    .select({
      task: actionTasks,
      ownerFirstName: owners.firstName,
      ownerLastName: owners.lastName,
      ownerUsername: owners.username,
      documentId: documentVersions.documentId,
    })
    .from(actionTasks)
    .leftJoin(owners, eq(owners.id, actionTasks.ownerId))
    .leftJoin(
      analysisResults,
      and(eq(analysisResults.id, resultId), eq(analysisResults.organizationId, actionTasks.organizationId)),
    )
    .leftJoin(documentVersions, eq(documentVersions.id, analysisResults.documentVersionId))
    .where(and(eq(actionTasks.organizationId, organizationId), id === undefined ? undefined : eq(actionTasks.id, id)))
    .orderBy(asc(actionTasks.dueDate), asc(actionTasks.id))
}

type ReadTask = Awaited<ReturnType<typeof readTasks>>[number]

/** The whole plan's tasks, built once per database: every view of the plan reads them. */
const planTasks = preparedStatement((db) => readTasks(db, sql.placeholder('organizationId')).prepare('plan_tasks'))

const canAnalyze = (caller: OrgCaller) => caller.role === 'admin' || caller.role === 'analyst'

function describeTask(row: ReadTask, caller: OrgCaller, today: string): TaskPayload {
  const { task } = row
  return {
    id: task.id,
    title: task.title,
    note: task.note,
    owner:
      task.ownerId === null
        ? null
        : {
            id: task.ownerId,
            name: personName({
              firstName: row.ownerFirstName ?? '',
              lastName: row.ownerLastName ?? '',
              username: row.ownerUsername ?? '',
            }),
          },
    due_date: task.dueDate,
    status: task.status,
    overdue: task.status !== 'done' && task.dueDate !== null && task.dueDate < today,
    origin: task.origin,
    source: {
      label: task.originLabel,
      link: sourceLink(task.origin, task.originRef, { documentId: row.documentId, canAnalyze: canAnalyze(caller) }),
    },
    completed_at: task.completedAt?.toISOString() ?? null,
    created_at: task.createdAt.toISOString(),
  }
}

/** The weak drivers' tasks; the facts they name are read only when a driver that names them is weak. */
async function readDriverSuggestions(db: Database, organizationId: number) {
  const weak = weakDrivers(await readLatestAnswers(db, organizationId))
  const largestCustomer = weak.some((driver) => driver.key === 'customers')
    ? await readLargestCustomer(db, organizationId)
    : null
  return driverSuggestions(weak, { largestCustomer })
}

/** Every suggestion of every source not yet in the plan, by source in the order they are listed; uncapped. */
async function readSuggestions(
  deps: Deps,
  caller: OrgCaller,
  taken: Set<string>,
  members: ChecklistPayload['members'],
  known: Known = {},
) {
  const [drivers, meetingRows, recommendationRows, checklist] = await Promise.all([
    readDriverSuggestions(deps.db, caller.organizationId),
    readMeetingItems(deps.db, caller.organizationId),
    readRecommendations(deps.db, caller.organizationId),
    // The members are read once for the plan and its checklist.
    known.checklist ?? getChecklist(deps, caller, { members }),
  ])
  const memberIds = new Set(members.map((member) => member.id))
  const bySource: Record<Suggestion['origin'], Suggestion[]> = {
    driver: drivers,
    meeting: meetingSuggestions(meetingRows, members),
    analysis: analysisSuggestions(recommendationRows),
    checklist: checklistSuggestions(checklist),
  }
  return SUGGESTION_SOURCES.map(({ origin, heading }) => ({
    origin,
    heading,
    suggestions: bySource[origin]
      .filter((suggestion) => !taken.has(suggestion.ref))
      // A checklist item may be assigned to someone who has since left: the task is then unassigned.
      .map((suggestion) => ({
        ...suggestion,
        ownerId: suggestion.ownerId !== null && memberIds.has(suggestion.ownerId) ? suggestion.ownerId : null,
      })),
  }))
}

type SuggestionGroup = Awaited<ReturnType<typeof readSuggestions>>[number]

const capped = (groups: SuggestionGroup[]) =>
  groups.flatMap((group) => group.suggestions.slice(0, SUGGESTIONS_PER_SOURCE))

/** What a caller has read already for the same request (the readiness report reads the checklist too). */
interface Known {
  checklist?: ChecklistPayload
}

async function planState(deps: Deps, caller: OrgCaller, known: Known = {}) {
  const scope = { organizationId: caller.organizationId }
  const [rows, memberRows] = await Promise.all([planTasks(deps.db).execute(scope), allMembers(deps.db).execute(scope)])
  const members = memberRows.map((member) => ({ id: member.id, name: personName(member), role: member.role }))
  const taken = new Set(rows.flatMap((row) => (row.task.originRef ? [row.task.originRef] : [])))
  const groups = await readSuggestions(deps, caller, taken, members, known)
  return { rows, members, groups }
}

/**
 * The plan: tasks by 90-day sprint (decision 044), the suggestions not yet in it by source (at most
 * SUGGESTIONS_PER_SOURCE from each, with how many more follow), the members an owner is chosen
 * from, and whether the caller may change it.
 */
export async function getPlan(
  deps: Deps,
  caller: OrgCaller,
  known: Known = {},
  timeZone = DEFAULT_TIME_ZONE,
): Promise<PlanPayload> {
  const { rows, members, groups } = await planState(deps, caller, known)
  // Today and the day the plan began are days of the reader's calendar (issue 47 item 16).
  const today = isoDayIn(deps.clock.now(), timeZone)
  const first = rows.length ? new Date(Math.min(...rows.map((row) => row.task.createdAt.getTime()))) : null
  const planStart = first && isoDayIn(first, timeZone)
  const tasks = rows.map((row) => describeTask(row, caller, today))
  const { sprints, before, unscheduled } = groupBySprint(planStart, today, tasks)
  const names = new Map(members.map((member) => [member.id, member.name]))
  const describeSuggestion = (suggestion: Suggestion): SuggestionPayload => ({
    ref: suggestion.ref,
    origin: suggestion.origin,
    title: suggestion.title,
    note: suggestion.note,
    owner: suggestion.ownerId === null ? null : { id: suggestion.ownerId, name: names.get(suggestion.ownerId)! },
    due_date: suggestion.dueDate,
    source: {
      label: suggestion.label,
      link: sourceLink(suggestion.origin, suggestion.ref, {
        documentId: suggestion.documentId,
        canAnalyze: canAnalyze(caller),
      }),
    },
  })
  return {
    today,
    plan_started: planStart,
    counts: {
      tasks: tasks.length,
      done: tasks.filter((task) => task.status === 'done').length,
      overdue: tasks.filter((task) => task.overdue).length,
    },
    sprints: sprints.map((sprint) => ({
      number: sprint.number,
      starts: sprint.starts,
      ends: sprint.ends,
      current: sprint.current,
      tasks: sprint.tasks,
    })),
    before_plan: before,
    unscheduled,
    suggestion_groups: groups
      .filter((group) => group.suggestions.length)
      .map((group) => ({
        origin: group.origin,
        heading: group.heading,
        suggestions: group.suggestions.slice(0, SUGGESTIONS_PER_SOURCE).map(describeSuggestion),
        more: Math.max(0, group.suggestions.length - SUGGESTIONS_PER_SOURCE),
      })),
    members,
    can_edit: canEditActions(caller),
  }
}

async function findTask(deps: Deps, caller: OrgCaller, id: number) {
  const [row] = await readTasks(deps.db, caller.organizationId, id)
  if (!row) throw notFound(TASK_NOT_FOUND)
  return describeTask(row, caller, utcDay(deps.clock.now()))
}

async function isMember(tx: Database, caller: OrgCaller, userId: number) {
  const [row] = await tx
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, caller.organizationId), eq(memberships.userId, userId)))
  return Boolean(row)
}

async function ensureRoom(tx: Database, caller: OrgCaller, adding: number) {
  const [{ total } = { total: 0 }] = await tx
    .select({ total: count() })
    .from(actionTasks)
    .where(eq(actionTasks.organizationId, caller.organizationId))
  if (total + adding > MAX_TASKS) throw formError(`A plan holds at most ${MAX_TASKS} tasks.`)
}

type NewTask = Omit<typeof actionTasks.$inferInsert, 'organizationId' | 'createdBy' | 'createdAt' | 'updatedAt'>

/** Inserts tasks, skipping any whose source is in the plan already, each logged; answers the ids added. */
async function insertTasks(deps: Deps, tx: Database, caller: OrgCaller, tasks: NewTask[]) {
  if (!tasks.length) return []
  const now = deps.clock.now()
  const added = await tx
    .insert(actionTasks)
    .values(
      tasks.map((task) => ({
        ...task,
        organizationId: caller.organizationId,
        createdBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: [actionTasks.organizationId, actionTasks.originRef] })
    .returning()
  for (const task of added)
    await recordEvent(tx, deps.clock, caller, caller.organizationId, {
      action: 'task.added',
      target: task.title,
      details: { id: task.id, origin: task.origin, origin_ref: task.originRef, due_date: task.dueDate },
    })
  return added.map((task) => task.id)
}

const fromSuggestion = (suggestion: Suggestion): NewTask => ({
  title: suggestion.title,
  note: suggestion.note,
  ownerId: suggestion.ownerId,
  dueDate: suggestion.dueDate,
  origin: suggestion.origin,
  originRef: suggestion.ref,
  originLabel: suggestion.label,
})

/** A task written by hand, or a suggestion named by its reference (its words re-read from its source). */
export async function addTask(deps: Deps, caller: OrgCaller, input: TaskCreate) {
  requireActionEditor(caller)
  let task: NewTask
  if (input.suggestion !== undefined) {
    const { groups } = await planState(deps, caller)
    const suggestion = groups
      .flatMap((group) => group.suggestions)
      .find((candidate) => candidate.ref === input.suggestion)
    if (!suggestion) throw badRequest({ suggestion: [NOT_OFFERED] })
    task = fromSuggestion(suggestion)
  } else {
    task = {
      title: input.title!,
      note: input.note ?? '',
      ownerId: input.owner ?? null,
      dueDate: input.due_date ?? null,
      origin: 'manual',
      originRef: null,
      originLabel: '',
    }
  }
  const id = await deps.db.transaction(async (tx) => {
    if (task.origin === 'manual' && task.ownerId != null && !(await isMember(tx, caller, task.ownerId)))
      throw badRequest({ owner: [NOT_A_MEMBER] })
    await ensureRoom(tx, caller, 1)
    const [added] = await insertTasks(deps, tx, caller, [task])
    // Added by another request between the read and the insert: the unique reference kept it once.
    if (added === undefined) throw badRequest({ suggestion: [NOT_OFFERED] })
    return added
  })
  return findTask(deps, caller, id)
}

/** Adds every suggestion the plan shows now (at most SUGGESTIONS_PER_SOURCE from each source). */
export async function gatherSuggestions(deps: Deps, caller: OrgCaller): Promise<GatherPayload> {
  requireActionEditor(caller)
  const { groups } = await planState(deps, caller)
  const shown = capped(groups)
  const ids = await deps.db.transaction(async (tx) => {
    await ensureRoom(tx, caller, shown.length)
    return insertTasks(deps, tx, caller, shown.map(fromSuggestion))
  })
  return { added: ids.length, ids }
}

/**
 * Changes a task's words, owner, due date or status. An owner who is not a member is refused (400)
 * with nothing changed; done records when, and reopening clears it. Logged with what changed.
 */
export async function updateTask(deps: Deps, caller: OrgCaller, id: number, patch: TaskPatch) {
  requireActionEditor(caller)
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(actionTasks)
      .where(and(eq(actionTasks.id, id), eq(actionTasks.organizationId, caller.organizationId)))
      .for('update')
    if (!row) throw notFound(TASK_NOT_FOUND)
    if (patch.owner != null && patch.owner !== row.ownerId && !(await isMember(tx, caller, patch.owner)))
      throw badRequest({ owner: [NOT_A_MEMBER] })
    const set: Partial<TaskRow> = {}
    const changes: Record<string, { from: unknown; to: unknown }> = {}
    const change = <K extends 'title' | 'note' | 'ownerId' | 'dueDate' | 'status'>(
      field: K,
      name: string,
      to: TaskRow[K] | undefined,
    ) => {
      if (to === undefined || to === row[field]) return
      set[field] = to
      changes[name] = { from: row[field], to }
    }
    change('title', 'title', patch.title)
    change('note', 'note', patch.note)
    change('ownerId', 'owner', patch.owner)
    change('dueDate', 'due_date', patch.due_date)
    change('status', 'status', patch.status)
    if (set.status === 'done') set.completedAt = deps.clock.now()
    else if (set.status) set.completedAt = null
    if (!Object.keys(changes).length) return
    await tx
      .update(actionTasks)
      .set({ ...set, updatedAt: deps.clock.now() })
      .where(eq(actionTasks.id, row.id))
    await recordEvent(tx, deps.clock, caller, caller.organizationId, {
      action: 'task.updated',
      target: set.title ?? row.title,
      details: { id: row.id, changes },
    })
  })
  return findTask(deps, caller, id)
}

export async function removeTask(deps: Deps, caller: OrgCaller, id: number) {
  requireActionEditor(caller)
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(actionTasks)
      .where(and(eq(actionTasks.id, id), eq(actionTasks.organizationId, caller.organizationId)))
      .returning()
    if (!row) throw notFound(TASK_NOT_FOUND)
    await recordEvent(tx, deps.clock, caller, caller.organizationId, {
      action: 'task.removed',
      target: row.title,
      details: { id: row.id, origin: row.origin, origin_ref: row.originRef },
    })
  })
}

/**
 * For the dashboard, in one statement: the open and started tasks due within the next
 * DUE_SOON_DAYS days or overdue, soonest first, at most DUE_SOON_LIMIT, and how many there are.
 * Built once per database: every dashboard asks it (issue 49).
 */
const dueSoonQuery = preparedStatement((db) =>
  db
    .select({
      id: actionTasks.id,
      title: actionTasks.title,
      dueDate: actionTasks.dueDate,
      status: actionTasks.status,
      ownerFirstName: owners.firstName,
      ownerLastName: owners.lastName,
      ownerUsername: owners.username,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(actionTasks)
    .leftJoin(owners, eq(owners.id, actionTasks.ownerId))
    .where(
      and(
        eq(actionTasks.organizationId, sql.placeholder('organizationId')),
        inArray(actionTasks.status, ['open', 'in_progress']),
        lte(actionTasks.dueDate, sql.placeholder('dueBy')),
      ),
    )
    .orderBy(asc(actionTasks.dueDate), asc(actionTasks.id))
    .limit(DUE_SOON_LIMIT)
    .prepare('due_soon'),
)

export async function dueSoon(
  { db, clock }: Deps,
  caller: OrgCaller,
  timeZone = DEFAULT_TIME_ZONE,
): Promise<DueSoonPayload> {
  const today = isoDayIn(clock.now(), timeZone)
  const rows = await dueSoonQuery(db).execute({
    organizationId: caller.organizationId,
    dueBy: addDays(today, DUE_SOON_DAYS),
  })
  return {
    today,
    count: rows[0]?.total ?? 0,
    tasks: rows.map((row) => ({
      id: row.id,
      title: row.title,
      due_date: row.dueDate!,
      status: row.status,
      overdue: row.dueDate! < today,
      owner: row.ownerUsername
        ? personName({
            firstName: row.ownerFirstName ?? '',
            lastName: row.ownerLastName ?? '',
            username: row.ownerUsername,
          })
        : null,
    })),
  }
}
