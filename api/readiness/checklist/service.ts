import { createHash } from 'node:crypto'

import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'

import { type ChecklistSection, MAX_CUSTOM_ITEMS } from '../../../shared/checklist'
import { personName, recordEvent } from '../../audit/service'
import { allMembers, organizationMembers } from '../../auth/membership'
import type { Database } from '../../db/database'
import { preparedStatement } from '../../db/prepared'
import { checklistItems, documentPages, documents } from '../../db/schema'
import type { Deps, OrgCaller } from '../../kernel/context'
import { badRequest, formError, notFound } from '../../kernel/http-error'
import { customKey, ITEM_NOT_FOUND, itemRef, requireChecklistEditor } from './access'
import type { ChecklistPayload } from './contract'
import { matchInThread } from './match-in-thread'
import { TEXT_CHARS } from './matching'
import type { ChecklistItemInput, ChecklistPatch } from './schema'
import { type ChecklistRule, STANDARD_ITEMS } from './standard-items'

/**
 * The documents matched, newest first: past this many the oldest are left out (a data room of 500
 * files is a large one). Each brings its first pages only: at most TEXT_PAGES of TEXT_CHARS.
 */
export const MAX_DOCUMENTS = 500
const TEXT_PAGES = 10

type ItemRow = typeof checklistItems.$inferSelect

/**
 * The organization's documents as the checklist matches them, without their text: what their tables
 * hold, and the current version and status, which decide their text.
 */
const readDocuments = preparedStatement((db) =>
  db
    .select({
      id: documents.id,
      title: documents.title,
      category: documents.category,
      content: documents.tablesHold,
      version: documents.currentVersionId,
      status: documents.processingStatus,
    })
    .from(documents)
    .where(eq(documents.organizationId, sql.placeholder('organizationId')))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(MAX_DOCUMENTS)
    .prepare('checklist_documents'),
)

/** The organization's own items and its standard items' state (assignments, notes, confirmed links). */
const readItems = preparedStatement((db) =>
  db
    .select()
    .from(checklistItems)
    .where(eq(checklistItems.organizationId, sql.placeholder('organizationId')))
    .prepare('checklist_items'),
)

/** The start of each document's current text, in one statement. */
async function openingsOf(db: Database, organizationId: number, documentIds: number[]) {
  if (documentIds.length === 0) return new Map<number, string>()
  const pages = sql`(select left(${documentPages.text}, ${TEXT_CHARS}) as t from ${documentPages}
      where ${documentPages.versionId} = ${documents.currentVersionId}
      order by ${documentPages.pageNumber} limit ${TEXT_PAGES})`
  const rows = await db
    .select({
      id: documents.id,
      text: sql<string>`coalesce((select left(string_agg(p.t, E'\\n'), ${TEXT_CHARS}) from ${pages} p), '')`,
    })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), inArray(documents.id, documentIds)))
  return new Map(rows.map((row) => [row.id, row.text]))
}

const ruleOf = (row: ItemRow): ChecklistRule => ({
  key: customKey(row.id),
  section: row.section!,
  title: row.title,
  // An advisor's item is found by its own words in a title, or said as a whole in the text.
  titleTerms: [row.title],
  contentTerms: [row.title],
})

const keyOf = (row: ItemRow) => row.standardKey ?? customKey(row.id)

const readMembers = async (db: Database, organizationId: number) =>
  (await allMembers(db).execute({ organizationId })).map((member) => ({
    id: member.id,
    name: personName(member),
    role: member.role,
  }))

// The standard items change only with the code: they name a kept matching by one digest made when
// the process starts, not by their 13 KB of terms written out and hashed again on every view of the
// checklist and of the action plan (decision 081).
const STANDARD_RULES = createHash('sha256').update(JSON.stringify(STANDARD_ITEMS)).digest('base64')

/**
 * The checklist as it stands: every standard item and the organization's own, each matched to the
 * documents now, with its assignment, note, setting aside, and the completeness figure. A matching
 * is kept in the process under everything it was matched from (each document's version, status,
 * title, category and what its tables hold; the items; the confirmed links; the day), so an upload,
 * an edit or a deletion changes the list on the next read and an unchanged view reads no text.
 * Three statements, and a fourth for the documents' text when the key is new.
 */
export async function getChecklist(
  { db, clock, checklistMatches }: Deps,
  caller: OrgCaller,
  /** The organization's members when the caller has read them for the same request (the action plan). */
  known: { members?: ChecklistPayload['members'] } = {},
): Promise<ChecklistPayload> {
  const scope = { organizationId: caller.organizationId }
  const [docs, rows, members] = await Promise.all([
    readDocuments(db).execute(scope),
    readItems(db).execute(scope),
    known.members ?? readMembers(db, caller.organizationId),
  ])
  const state = new Map(rows.map((row) => [keyOf(row), row]))
  const custom = rows.filter((row) => row.standardKey === null).sort((a, b) => a.id - b.id)
  const customRules = custom.map(ruleOf)
  const rules = [...STANDARD_ITEMS, ...customRules]
  const confirmed = new Map(
    rows.flatMap((row) => (row.confirmedDocumentId === null ? [] : [[keyOf(row), row.confirmedDocumentId] as const])),
  )
  const now = clock.now()
  // Matching reads the days only (a date stated after today is a term, one over a year old is stale).
  const day = now.toISOString().slice(0, 10)
  const key = [caller.organizationId, day, STANDARD_RULES, customRules, [...confirmed], docs]
  const results = await checklistMatches.get(key, async () => {
    const openings = await openingsOf(
      db,
      caller.organizationId,
      docs.map((doc) => doc.id),
    )
    const documents = docs.map((doc) => ({ ...doc, text: openings.get(doc.id) ?? '' }))
    return matchInThread({ rules, documents, now, confirmed }, caller.userId)
  })
  const names = new Map(members.map((member) => [member.id, member.name]))
  const items = rules.map((rule) => {
    const row = state.get(rule.key)
    const result = results.get(rule.key)!
    return {
      key: rule.key,
      section: rule.section,
      title: rule.title,
      custom: row?.standardKey === null,
      status: result.status,
      reason: result.reason,
      years_needed: result.yearsNeeded,
      years_found: result.yearsFound,
      matches: result.matches.map((match) => ({
        document_id: match.documentId,
        title: match.title,
        kind: match.kind,
        how: match.how,
        date: match.date,
        date_text: match.dateText,
      })),
      assignee: row?.assigneeId ? { id: row.assigneeId, name: names.get(row.assigneeId) ?? 'A former member' } : null,
      due_date: row?.dueDate ?? null,
      note: row?.note ?? '',
      not_applicable: row?.notApplicable ?? false,
      not_applicable_reason: row?.notApplicableReason ?? '',
      confirmed_document: row?.confirmedDocumentId ?? null,
    }
  })
  const applicable = items.filter((item) => !item.not_applicable)
  const provided = applicable.filter((item) => item.status === 'present').length
  const percent = applicable.length ? Math.floor((provided / applicable.length) * 100) : 0
  const count = (status: string) => applicable.filter((item) => item.status === status).length
  return {
    completeness: {
      provided,
      applicable: applicable.length,
      percent,
      text: `${provided} of ${applicable.length} items provided (${percent}%)`,
      present: provided,
      probable: count('probable'),
      stale: count('stale'),
      missing: count('missing'),
      not_applicable: items.length - applicable.length,
    },
    documents_checked: docs.length,
    /** The documents an advisor may link to an item by hand, newest first. */
    documents: docs.map(({ id, title }) => ({ id, title })),
    checked_at: now.toISOString(),
    members,
    items,
  }
}

/** The item's row, locked for the change (a standard item's made when first changed), and its title. */
async function itemForChange(tx: Database, caller: OrgCaller, key: string) {
  const ref = itemRef(key)
  if ('standard' in ref) {
    const rule = STANDARD_ITEMS.find((item) => item.key === ref.standard)!
    await tx
      .insert(checklistItems)
      .values({ organizationId: caller.organizationId, standardKey: rule.key })
      .onConflictDoNothing()
    const [row] = await tx
      .select()
      .from(checklistItems)
      .where(and(eq(checklistItems.organizationId, caller.organizationId), eq(checklistItems.standardKey, rule.key)))
      .for('update')
    return { row: row!, title: rule.title, section: rule.section }
  }
  const [row] = await tx
    .select()
    .from(checklistItems)
    .where(
      and(
        eq(checklistItems.id, ref.customId),
        eq(checklistItems.organizationId, caller.organizationId),
        isNull(checklistItems.standardKey),
      ),
    )
    .for('update')
  if (!row) throw notFound(ITEM_NOT_FOUND)
  return { row, title: row.title, section: row.section! }
}

async function memberName(tx: Database, caller: OrgCaller, userId: number) {
  const [member] = await organizationMembers(tx, caller.organizationId, userId)
  return member ? personName(member) : null
}

async function documentTitle(tx: Database, caller: OrgCaller, documentId: number) {
  const [row] = await tx
    .select({ title: documents.title })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.organizationId, caller.organizationId)))
  return row?.title ?? null
}

/**
 * Assigns, dates, annotates, sets aside or confirms an item. Everything is checked before anything
 * is written: an assignee who is not a member, or a document of another organization, is refused
 * (400) with nothing changed. The change is logged with what it changed, in the same transaction.
 */
export async function updateChecklistItem(deps: Deps, caller: OrgCaller, key: string, patch: ChecklistPatch) {
  requireChecklistEditor(caller)
  await deps.db.transaction(async (tx) => {
    const { row, title } = await itemForChange(tx, caller, key)
    const errors: Record<string, string[]> = {}
    const changes: Record<string, { from: unknown; to: unknown }> = {}
    const set: Partial<typeof checklistItems.$inferInsert> = {}
    if (patch.assignee !== undefined && patch.assignee !== row.assigneeId) {
      const to = patch.assignee === null ? null : await memberName(tx, caller, patch.assignee)
      if (patch.assignee !== null && to === null) errors.assignee = ['Choose a member of this organization.']
      else {
        const from = row.assigneeId === null ? null : await memberName(tx, caller, row.assigneeId)
        set.assigneeId = patch.assignee
        changes.assignee = { from, to }
      }
    }
    if (patch.confirmed_document !== undefined && patch.confirmed_document !== row.confirmedDocumentId) {
      const to = patch.confirmed_document === null ? null : await documentTitle(tx, caller, patch.confirmed_document)
      if (patch.confirmed_document !== null && to === null) {
        errors.confirmed_document = ['Choose a document of this organization.']
      } else {
        const from = row.confirmedDocumentId === null ? null : await documentTitle(tx, caller, row.confirmedDocumentId)
        set.confirmedDocumentId = patch.confirmed_document
        changes.confirmed_document = { from, to }
      }
    }
    if (Object.keys(errors).length) throw badRequest(errors)
    if (patch.due_date !== undefined && patch.due_date !== row.dueDate) {
      set.dueDate = patch.due_date
      changes.due_date = { from: row.dueDate, to: patch.due_date }
    }
    if (patch.note !== undefined && patch.note !== row.note) {
      set.note = patch.note
      changes.note = { from: row.note, to: patch.note }
    }
    if (patch.not_applicable !== undefined) {
      const reason = patch.not_applicable ? (patch.not_applicable_reason ?? '') : ''
      if (patch.not_applicable !== row.notApplicable || reason !== row.notApplicableReason) {
        set.notApplicable = patch.not_applicable
        set.notApplicableReason = reason
        changes.not_applicable = { from: row.notApplicable, to: patch.not_applicable }
        if (reason) changes.not_applicable_reason = { from: row.notApplicableReason, to: reason }
      }
    } else if (patch.not_applicable_reason !== undefined && row.notApplicable) {
      if (!patch.not_applicable_reason)
        throw badRequest({ not_applicable_reason: ['Say why the item does not apply.'] })
      if (patch.not_applicable_reason !== row.notApplicableReason) {
        set.notApplicableReason = patch.not_applicable_reason
        changes.not_applicable_reason = { from: row.notApplicableReason, to: patch.not_applicable_reason }
      }
    }
    if (!Object.keys(changes).length) return
    await tx
      .update(checklistItems)
      .set({ ...set, updatedAt: deps.clock.now() })
      .where(eq(checklistItems.id, row.id))
    await recordEvent(tx, deps.clock, caller, caller.organizationId, {
      action: 'checklist.item_updated',
      target: title,
      details: { key, changes },
    })
  })
  return findItem(deps, caller, key)
}

/** The item as the list shows it (the whole list is matched: an item's status needs every document). */
async function findItem(deps: Deps, caller: OrgCaller, key: string) {
  const checklist = await getChecklist(deps, caller)
  const item = checklist.items.find((candidate) => candidate.key === key)
  if (!item) throw notFound(ITEM_NOT_FOUND)
  return item
}

export async function addChecklistItem(deps: Deps, caller: OrgCaller, input: ChecklistItemInput) {
  requireChecklistEditor(caller)
  const key = await deps.db.transaction(async (tx) => {
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(checklistItems)
      .where(and(eq(checklistItems.organizationId, caller.organizationId), isNull(checklistItems.standardKey)))
    if (count >= MAX_CUSTOM_ITEMS) {
      throw formError(`An organization's list takes at most ${MAX_CUSTOM_ITEMS} items of its own.`)
    }
    const [row] = await tx
      .insert(checklistItems)
      .values({
        organizationId: caller.organizationId,
        title: input.title,
        section: input.section as ChecklistSection,
      })
      .returning({ id: checklistItems.id })
    await recordEvent(tx, deps.clock, caller, caller.organizationId, {
      action: 'checklist.item_added',
      target: input.title,
      details: { key: customKey(row!.id), section: input.section },
    })
    return customKey(row!.id)
  })
  return findItem(deps, caller, key)
}

/** Removes an item the advisor added; the standard items cannot be removed, only set aside. */
export async function removeChecklistItem(deps: Deps, caller: OrgCaller, key: string) {
  requireChecklistEditor(caller)
  const ref = itemRef(key)
  if ('standard' in ref) {
    throw badRequest({ non_field_errors: ['A standard item cannot be removed; mark it not applicable instead.'] })
  }
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(checklistItems)
      .where(
        and(
          eq(checklistItems.id, ref.customId),
          eq(checklistItems.organizationId, caller.organizationId),
          isNull(checklistItems.standardKey),
        ),
      )
      .returning()
    if (!row) throw notFound(ITEM_NOT_FOUND)
    await recordEvent(tx, deps.clock, caller, caller.organizationId, {
      action: 'checklist.item_removed',
      target: row.title,
      details: { key, section: row.section },
    })
  })
}
