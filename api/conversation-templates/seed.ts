import { and, eq } from 'drizzle-orm'

import type { Database } from '../db/database'
import { conversationTemplates, organizations } from '../db/schema'
import { SAMPLE_TEMPLATES } from './samples'

/**
 * Gives an organization the sample templates, once: the organization is marked in the same
 * statement that claims it, so running this again (or from two processes) adds nothing, and a sample
 * that was edited or deleted stays as its organization left it. Call it inside a transaction.
 */
export async function giveSampleTemplates(tx: Database, organizationId: number) {
  const claimed = await tx
    .update(organizations)
    .set({ templatesSeeded: true })
    .where(and(eq(organizations.id, organizationId), eq(organizations.templatesSeeded, false)))
    .returning({ id: organizations.id })
  if (!claimed.length) return 0
  const added = await tx
    .insert(conversationTemplates)
    .values(SAMPLE_TEMPLATES.map(({ key, ...sample }) => ({ ...sample, organizationId, sampleKey: key })))
    .onConflictDoNothing({ target: [conversationTemplates.organizationId, conversationTemplates.sampleKey] })
    .returning({ id: conversationTemplates.id })
  return added.length
}

/** Organizations made before templates existed get theirs at start-up. */
export async function seedSampleTemplates(db: Database) {
  const waiting = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.templatesSeeded, false))
  for (const { id } of waiting) {
    await db.transaction((tx) => giveSampleTemplates(tx, id))
  }
  return waiting.length
}
