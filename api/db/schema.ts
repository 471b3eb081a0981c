import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

import {
  AUTH_PROVIDERS,
  type AuthProvider,
  INVITATION_STATUSES,
  type InvitationStatus,
  type Role,
  ROLES,
} from '../../shared/accounts'
import {
  ANALYSIS_GENERATORS,
  type AnalysisBody,
  type AnalysisGenerator,
  type AnalysisType,
} from '../../shared/analysis'
import { AUDIT_ACTIONS, type AuditAction } from '../../shared/audit'
import type { MessageDerivation, RowPosition } from '../../shared/cells'
import {
  CONVERSATION_STATUSES,
  type ConversationStatus,
  MESSAGE_ROLES,
  type MessageRole,
  SPEAKER_ROLES,
} from '../../shared/chat'
import type { ChecklistSection } from '../../shared/checklist'
import { type PageKind, PROCESSING_STATUSES, type ProcessingStatus } from '../../shared/documents'
import { FILE_TYPES, type FileType } from '../../shared/file-types'
import type { ActionItem, Decision, MeetingStatus, Participant, Segment, SummaryPoint } from '../../shared/meetings'
import type { StoredAnswer, TaskOrigin, TaskStatus, ValueGapEntries } from '../../shared/readiness'
import type { FollowupAction, PhaseId, TemplateSection } from '../../shared/templates'
import type { ContentFound } from './content-kinds'
import { vectorLiteral } from './sql-values'

/**
 * A pgvector column without a fixed dimension: each row's length is its model's. Vectors of different
 * models are never compared (every query filters on the model column beside it).
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

const vector = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'vector',
  // As queries send vectors: hexadecimal floats, read by pgvector without a decimal conversion.
  toDriver: vectorLiteral,
  fromDriver: (value) => JSON.parse(value) as number[],
})

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

// Kept in shared/, which the contracts the web tier loads may import; named here as before.
export { AUTH_PROVIDERS, type AuthProvider, type Role, ROLES }

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    authProvider: text('auth_provider').$type<AuthProvider>().notNull().default('jwt'),
    googleSub: text('google_sub'),
    profilePicture: text('profile_picture'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * True once the user proved they read mail at `email` (an invitation link, a confirmation link, or
     * Google saying so). Access that is granted by e-mail (invitations, Google linking) needs it.
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** The organization the user last chose to work in: a sign-in on any device starts there. */
    lastOrganizationId: integer('last_organization_id').references((): AnyPgColumn => organizations.id, {
      onDelete: 'set null',
    }),
    /** The IANA zone the user chose to see times in; null follows the browser's own. */
    timeZone: text('time_zone'),
    dateJoined: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    check('users_auth_provider_check', sql`${t.authProvider} in ('jwt', 'google')`),
  ],
)

/**
 * A change of e-mail address waiting for its confirmation link to be followed (one per user; a new
 * request replaces it). Only the token's hash is stored.
 */
export const emailConfirmations = pgTable('email_confirmations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
})

export const organizations = pgTable('organizations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  website: text('website').notNull().default(''),
  logo: text('logo'),
  /** Set once the sample conversation templates were given; a deleted sample then stays deleted. */
  templatesSeeded: boolean('templates_seeded').notNull().default(false),
  /**
   * Raised by triggers (migration 0011) whenever what a search of the organization can find changes:
   * its chunks, their postings or embeddings, a document's title. Cached results carry it.
   */
  searchGeneration: bigint('search_generation', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_org_user_key').on(t.organizationId, t.userId),
    index('memberships_user_idx').on(t.userId),
    check('memberships_role_check', sql`${t.role} in ('admin', 'analyst', 'member')`),
  ],
)

/**
 * Refresh tokens are stored only as SHA-256 hashes. Each sign-in starts a family; refreshing rotates
 * the token inside its family, and presenting an already rotated token revokes the whole family
 * (the usual sign of a stolen token).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: text('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
)

/** Failed sign-ins, keyed by `user:<name>` and `addr:<address>`, counted over a sliding window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_key_created_idx').on(t.key, t.createdAt)],
)

/**
 * Chat questions let through (api/chat/chat-limits.ts): counted over the last minute per
 * user and per organization, and, while `answering_until` is ahead, as an answer being written. That
 * time is a lease the answering process renews: a process that dies stops renewing, so its answers
 * stop counting once it passes. Rows are kept only as long as they count.
 */
export const chatQuestions = pgTable(
  'chat_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    answeringUntil: timestamp('answering_until', { withTimezone: true }),
  },
  (t) => [index('chat_questions_user_idx').on(t.userId), index('chat_questions_organization_idx').on(t.organizationId)],
)

export { INVITATION_STATUSES, type InvitationStatus }

/**
 * An offer to join an organization with a role, sent by e-mail. The link carries a random token of
 * which only the hash is stored. Expiry is a time, not a status, so it needs no sweeper.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull().default('member'),
    status: text('status').$type<InvitationStatus>().notNull().default('pending'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    index('invitations_org_idx').on(t.organizationId),
    index('invitations_email_lower_idx').on(sql`lower(${t.email})`),
    check('invitations_role_check', sql`${t.role} in ('admin', 'analyst', 'member')`),
    check('invitations_status_check', sql`${t.status} in ('pending', 'accepted', 'declined', 'cancelled')`),
  ],
)

// Defined with the web tier's file pickers; re-exported for the backend's modules.
export { FILE_TYPES, type FileType }
// Kept in shared/ beside the page kinds, which the documents' contract names; named here as before.
export { PROCESSING_STATUSES, type ProcessingStatus }

/**
 * A document of an organization (spec §3 "Document"). The file fields mirror its current version;
 * every upload of a new file adds a version and earlier ones are kept.
 */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').$type<FileType>().notNull(),
    fileSize: integer('file_size').notNull(),
    category: text('category').notNull().default(''),
    /**
     * Set while the category is the app's guess (decision 062): ingestion may then revise it from the
     * content. Cleared once a person chooses one; false for documents from before the guess was kept.
     */
    categoryGuessed: boolean('category_guessed').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    processingStatus: text('processing_status').$type<ProcessingStatus>().notNull().default('pending'),
    failureReason: text('failure_reason'),
    currentVersionId: integer('current_version_id'),
    pageCount: integer('page_count'),
    wordCount: integer('word_count'),
    /** Set when the extracted text was cut at the configured limit. */
    extractionNote: text('extraction_note'),
    /** Scanned pages read by OCR so far, of those to read, while the current version is processed. */
    ocrPagesDone: integer('ocr_pages_done'),
    ocrPagesTotal: integer('ocr_pages_total'),
    /** The version of the fact reader (api/facts) that read the current version's facts; null before any. */
    factsReader: integer('facts_reader'),
    /** What the current version's tables hold (api/facts/tables-hold.ts), read with its facts; null before. */
    tablesHold: jsonb('tables_hold').$type<ContentFound[]>(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_org_status_idx').on(t.organizationId, t.processingStatus),
    index('documents_org_created_idx').on(t.organizationId, t.createdAt),
    check('documents_status_check', sql`${t.processingStatus} in ('pending', 'processing', 'processed', 'failed')`),
  ],
)

/** One uploaded file of a document. The bytes live in file storage under their SHA-256. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').$type<FileType>().notNull(),
    fileSize: integer('file_size').notNull(),
    storageKey: text('storage_key').notNull(),
    changes: text('changes').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_versions_number_key').on(t.documentId, t.versionNumber),
    // Finds the versions holding a file: duplicate detection at upload, and whether a file is still used.
    index('document_versions_storage_key_idx').on(t.storageKey),
  ],
)

/** The extracted text of a version, one row per PDF page, spreadsheet sheet or text section. */
export const documentPages = pgTable(
  'document_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    versionId: integer('version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'cascade' }),
    /** Position in the document; the page number when kind is 'page'. */
    pageNumber: integer('page_number').notNull(),
    kind: text('kind').$type<PageKind>().notNull().default('page'),
    /** The sheet or section name; null for PDF pages. */
    label: text('label'),
    /** A table's header row, repeated at the top of each chunk. */
    header: text('header'),
    text: text('text').notNull(),
    /** Set when the text was read from a scan by OCR: the engine's mean word confidence, 0 to 100. */
    ocrConfidence: integer('ocr_confidence'),
  },
  (t) => [uniqueIndex('document_pages_version_page_key').on(t.versionId, t.pageNumber)],
)

/**
 * Scanned pages read by OCR while a version is being processed, kept as each is read so that a
 * restart resumes after them; cleared when the version's pages are stored, and by a reprocess.
 */
export const documentOcrPages = pgTable(
  'document_ocr_pages',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    text: text('text').notNull(),
    confidence: integer('confidence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.pageNumber] })],
)

/** Retrieval units of a document's current version, with their vector and lexical length. */
export const documentChunks = pgTable(
  'document_chunks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    pageNumber: integer('page_number'),
    sheetName: text('sheet_name'),
    text: text('text').notNull(),
    tokenCount: integer('token_count').notNull(),
    /** Analysed terms, repeats counted: the document length of BM25. */
    termCount: integer('term_count').notNull().default(0),
    /**
     * The analysed terms in reading order, joined by spaces, so ranking scores a candidate's phrases
     * without analysing its text again (that was half of a search's time). Null on chunks indexed
     * before it existed, until their index job has run; ranking then analyses the text.
     */
    terms: text('terms'),
    embedding: vector('embedding'),
    /** The provider and model that made `embedding` (EmbeddingProvider.model). */
    embeddingModel: text('embedding_model'),
  },
  (t) => [
    index('document_chunks_org_doc_idx').on(t.organizationId, t.documentId),
    index('document_chunks_org_model_idx').on(t.organizationId, t.embeddingModel),
  ],
)

/**
 * The figures a document's current version states (issue 45), read once at ingestion from its
 * tables and sentences (api/facts), replaced with the next version and gone with the document.
 */
export const documentFacts = pgTable(
  'document_facts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'cell' | 'prose'>().notNull(),
    measure: text('measure').notNull(),
    measureKey: text('measure_key'),
    entity: text('entity'),
    entityKind: text('entity_kind').$type<'customer' | 'segment' | 'add_back' | 'premises'>(),
    periodKind: text('period_kind').$type<'year' | 'quarter' | 'month' | 'as_of'>(),
    periodYear: integer('period_year'),
    periodQuarter: integer('period_quarter'),
    periodMonth: integer('period_month'),
    periodDate: date('period_date', { mode: 'string' }),
    periodLabel: text('period_label'),
    /** The exact decimal, scale applied. */
    value: numeric('value').notNull(),
    unit: text('unit'),
    scale: integer('scale').notNull().default(1),
    bound: text('bound').$type<'low' | 'high' | 'mid'>(),
    page: integer('page').notNull(),
    row: integer('row'),
    column: integer('column'),
    quote: text('quote').notNull(),
  },
  (t) => [
    index('document_facts_org_measure_idx').on(t.organizationId, t.measureKey),
    index('document_facts_document_idx').on(t.documentId),
  ],
)

/**
 * A term a document states of an entity that is no figure: a lease's landlord, start and end, read
 * once at ingestion beside the facts (issue 45) and replaced with them.
 */
export const documentTerms = pgTable(
  'document_terms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'cell' | 'prose'>().notNull(),
    /**
     * A lease's landlord, start or end; who signed a letter or report off ("prepared_by"); what a
     * profile says of the business, its name and its people's roles among them (api/facts/business-terms.ts).
     */
    termKey: text('term_key')
      .$type<
        | 'landlord'
        | 'lease_start'
        | 'lease_end'
        | 'prepared_by'
        | 'name'
        | 'role'
        | 'founded'
        | 'founder'
        | 'owner'
        | 'headcount'
        | 'location'
      >()
      .notNull(),
    /**
     * The premises, as written; null for a lease a sentence does not name ("the lease runs until…").
     * For "prepared_by", the document's subject ("Re: …"), or null.
     */
    entity: text('entity'),
    entityKind: text('entity_kind').$type<'premises' | 'document' | 'business'>().notNull(),
    /** The term as written: "Dunmore Properties", "December 31, 2030", "2030". */
    text: text('text').notNull(),
    /** A date term's ISO date when the document writes a day; null for a name or a year alone. */
    date: date('date', { mode: 'string' }),
    /** A date term's year. */
    year: integer('year'),
    page: integer('page').notNull(),
    row: integer('row'),
    column: integer('column'),
    quote: text('quote').notNull(),
  },
  (t) => [
    index('document_terms_org_term_idx').on(t.organizationId, t.termKey),
    index('document_terms_document_idx').on(t.documentId),
  ],
)

/** A document's place in meaning: the mean of its chunk vectors, for related documents. */
export const documentEmbeddings = pgTable(
  'document_embeddings',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull(),
    embeddingModel: text('embedding_model').notNull(),
    embedding: vector('embedding').notNull(),
  },
  (t) => [index('document_embeddings_org_model_idx').on(t.organizationId, t.embeddingModel)],
)

/**
 * The inverted index of BM25: one posting per analysed term of a chunk, with its frequency and the
 * chunk's length copied in, so ranking reads postings alone (an index-only scan on the covering
 * index). Document frequencies are kept in `term_statistics`, chunk counts and lengths in
 * `chunk_statistics`.
 */
export const chunkTerms = pgTable(
  'chunk_terms',
  {
    organizationId: integer('organization_id').notNull(),
    term: text('term').notNull(),
    chunkId: integer('chunk_id')
      .notNull()
      .references(() => documentChunks.id, { onDelete: 'cascade' }),
    frequency: integer('frequency').notNull(),
    chunkLength: integer('chunk_length').notNull(),
  },
  (t) => [
    index('chunk_terms_org_term_chunk_idx').on(t.organizationId, t.term, t.chunkId),
    index('chunk_terms_chunk_idx').on(t.chunkId),
  ],
)

/**
 * How many of an organization's chunks hold each term: BM25's document frequencies, kept by
 * triggers on `chunk_terms` (migration 0035) so a query reads one row per term instead of counting
 * a common term's tens of thousands of postings (docs/decisions/070).
 */
export const termStatistics = pgTable(
  'term_statistics',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    chunks: integer('chunks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.term] })],
)

/**
 * An organization's chunks and their analysed terms, repeats counted: BM25's collection size and
 * average length, kept by triggers on `document_chunks` (migration 0037) so a query reads one row
 * instead of counting the organization's chunks (docs/decisions/073).
 */
export const chunkStatistics = pgTable('chunk_statistics', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  chunks: integer('chunks').notNull(),
  terms: bigint('terms', { mode: 'number' }).notNull(),
})

/**
 * The postings of an organization's commonest terms as a server read them ahead at one search
 * generation, packed as `PostingsCache` holds them, so a restarted server holds them again from a
 * few rows instead of ranking with the database while it reads them from `chunk_terms`
 * (docs/decisions/092). Rows of an earlier generation are deleted as the generation rises
 * (migration 0039).
 */
export const keptPostingLists = pgTable(
  'kept_posting_lists',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    generation: bigint('generation', { mode: 'number' }).notNull(),
    rank: integer('rank').notNull(),
    term: text('term').notNull(),
    postings: integer('postings').notNull(),
    packed: bytea('packed').notNull(),
    keptAt: timestamp('kept_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.rank] })],
)

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/**
 * Durable background work, claimed with FOR UPDATE SKIP LOCKED. A running job holds a lease that its
 * worker renews; a job whose lease ran out (its worker died) is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** Whose work it is, so claims can be shared fairly between organizations; null for system work. */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The request that queued the job, so the job's log lines can be traced back to it. */
    requestId: text('request_id'),
    /** When its current (or last) run was claimed. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /**
     * The work its runs did, for sharing the worker fairly (decision 047): milliseconds of all its
     * runs ended so far, and when the last one ended. A follow-up run is a job of its own, so it
     * counts for its organization like the first.
     */
    ranMs: integer('ran_ms').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Scanned pages its runs read by OCR, counted against the organization's daily allowance. */
    ocrPages: integer('ocr_pages').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAfter),
    index('jobs_org_status_idx').on(t.organizationId, t.status),
    // The claim's sum of recent work per organization, and one organization's OCR pages of the day.
    index('jobs_ended_idx').on(t.endedAt),
    index('jobs_org_ended_idx').on(t.organizationId, t.endedAt),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
)

export { CONVERSATION_STATUSES, type ConversationStatus }

/**
 * A chat of one user in one organization (spec §3 "Conversation"). Only its creator reads or writes
 * it. `documentIds` limits its answers to those documents (null: the whole organization);
 * `messageCount` is kept by the statements that add messages, so the list needs no count. One made
 * from a meeting's transcript (spec §3 "Conversation created from a transcript") names the meeting
 * and is completed: the meeting it records is over, though the assistant can still be asked about it.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    documentIds: integer('document_ids').array(),
    templateId: integer('template_id').references(() => conversationTemplates.id, { onDelete: 'set null' }),
    meetingId: integer('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    status: text('status').$type<ConversationStatus>().notNull().default('active'),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_owner_updated_idx').on(t.organizationId, t.userId, t.updatedAt),
    check('conversations_status_check', sql`${t.status} in ('active', 'completed')`),
  ],
)

export { MESSAGE_ROLES, type MessageRole, SPEAKER_ROLES }

/**
 * Where a passage an answer may cite lies: the document, and its chunk, page and sheet. In a
 * conversation made from a meeting an answer may cite one of the meeting's turns instead: no
 * document or chunk then, and `message_id` names the turn in the conversation.
 */
export type PassageReference = {
  document_title: string
  page_number: number | null
  sheet_name: string | null
} & ({ document_id: number; chunk_id: number } | { document_id: null; chunk_id: null; message_id: number })

/**
 * Spec §3 "Document reference": a passage an answer cites, with how likely it holds what was asked
 * (api/chat/source-relevance.ts) and the table rows the answer took from it, when it took
 * some (decision 061).
 */
export type DocumentReference = PassageReference & { relevance_score: number; rows?: RowPosition[] }

/** Spec §3 "Message": an assistant message's `[n]` markers name `documentReferences[n - 1]`. */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<MessageRole>().notNull(),
    /** The speaker's name, for a meeting's turn. */
    speaker: text('speaker'),
    content: text('content').notNull(),
    documentReferences: jsonb('document_references').$type<DocumentReference[]>().notNull().default([]),
    /**
     * An answer computed from tables: its figure and formula, each operand citing its cell (decision
     * 015). Kept as JSON with its message, as the references are; read through a zod check
     * (chat/derivation.ts), since rows written by older code may hold another shape.
     */
    derivation: jsonb('derivation').$type<MessageDerivation>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    check('messages_role_check', sql`${t.role} in ('user', 'assistant', 'client', 'advisor', 'participant')`),
  ],
)

/**
 * Spec §3 "Conversation template". Sections and follow-up actions are read and written only as part
 * of their template, in order, so they are kept with it as JSON rather than in tables of their own.
 */
export const conversationTemplates = pgTable(
  'conversation_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phaseId: text('phase_id').$type<PhaseId>().notNull(),
    description: text('description').notNull().default(''),
    sections: jsonb('sections').$type<TemplateSection[]>().notNull(),
    followupActions: jsonb('followup_actions').$type<FollowupAction[]>().notNull().default([]),
    /** Null for the samples every organization is given. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Which sample this is, so seeding gives each one once and never overwrites an edit. */
    sampleKey: text('sample_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_templates_org_phase_idx').on(t.organizationId, t.phaseId, t.name),
    uniqueIndex('conversation_templates_sample_idx').on(t.organizationId, t.sampleKey),
    check('conversation_templates_phase_check', sql`${t.phaseId} in ('phase-1', 'phase-2', 'phase-3', 'phase-4')`),
  ],
)

/**
 * Spec §3 "Meeting". Participants are kept with their meeting as JSON, like a template's sections:
 * they are read and written only with it.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** How long the meeting ran by its transcript's times; null until a transcript with times is read. */
    recordedSeconds: integer('recorded_seconds'),
    participants: jsonb('participants').$type<Participant[]>().notNull().default([]),
    status: text('status').$type<MeetingStatus>().notNull().default('scheduled'),
    /** The uploaded recording's storage key (the SHA-256 of its bytes, shared by equal files); never shown. */
    recordingKey: text('recording_key'),
    recordingFileName: text('recording_file_name'),
    recordingSize: integer('recording_size'),
    recordingContentType: text('recording_content_type'),
    /** Why the recording was not transcribed automatically: the meeting then waits for a transcript file. */
    transcriptionError: text('transcription_error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('meetings_org_scheduled_idx').on(t.organizationId, t.scheduledAt),
    index('meetings_recording_key_idx').on(t.recordingKey),
    check('meetings_status_check', sql`${t.status} in ('scheduled', 'processing', 'processed')`),
    check('meetings_duration_check', sql`${t.durationMinutes} >= 0`),
  ],
)

/** Spec §3 "Transcript": one per meeting, with what was worked out from it. */
export const transcripts = pgTable('transcripts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  meetingId: integer('meeting_id')
    .notNull()
    .unique()
    .references(() => meetings.id, { onDelete: 'cascade' }),
  format: text('format').notNull(),
  fileName: text('file_name').notNull(),
  segments: jsonb('segments').$type<Segment[]>().notNull(),
  timesEstimated: boolean('times_estimated').notNull().default(false),
  summary: text('summary').notNull().default(''),
  /** The summary's points with the turns they are drawn from; empty for a summary stored before they had them. */
  summaryPoints: jsonb('summary_points').$type<SummaryPoint[]>().notNull().default([]),
  keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
  actionItems: jsonb('action_items').$type<ActionItem[]>().notNull().default([]),
  decisions: jsonb('decisions').$type<Decision[]>().notNull().default([]),
  createdAt: createdAt(),
})

// Kept in shared/ beside the analysis contract's schemas, which name it; named here as before.
export { ANALYSIS_GENERATORS, type AnalysisGenerator }

/**
 * A document analysis (spec §3 "Analysis results"), kept per version, type and who made it: the
 * same request answers the stored one, and a new version (a re-upload) is analysed afresh.
 */
export const analysisResults = pgTable(
  'analysis_results',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    documentVersionId: integer('document_version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'cascade' }),
    type: text('type').$type<AnalysisType>().notNull(),
    generatedBy: text('generated_by').$type<AnalysisGenerator>().notNull(),
    result: jsonb('result').$type<AnalysisBody>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('analysis_results_version_type_key').on(t.documentVersionId, t.type, t.generatedBy),
    index('analysis_results_org_idx').on(t.organizationId),
    check('analysis_results_type_check', sql`${t.type} in ('summary', 'key-findings', 'risks', 'recommendations')`),
    check('analysis_results_generated_by_check', sql`${t.generatedBy} in ('offline', 'llm')`),
  ],
)

// Defined with the audit page's wording; re-exported for the backend's modules.
export { AUDIT_ACTIONS, type AuditAction }

/**
 * An administrative action (decision 019): who did what to whom, and when, written in the action's
 * own transaction. Nothing cascades into it: the organization's id is kept without a foreign key, so
 * the record of an organization's deletion outlives it (ids are never reused, so no later
 * organization inherits it), and the actor's name and e-mail are copied as they were then.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    /** Whom or what the action was done to, in words (an e-mail, a member's name, a document's title). */
    target: text('target').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_org_created_idx').on(
      t.organizationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Organizations a user created in the last day (api/organizations/creation-limit.ts): the event
    // outlives the organization, so deleting one gives no creation back.
    index('audit_events_org_creations_idx')
      .on(t.actorId, t.createdAt)
      .where(sql`${t.action} = 'organization.created'`),
    check(
      'audit_events_action_check',
      sql.raw(`action in (${AUDIT_ACTIONS.map((action) => `'${action}'`).join(', ')})`),
    ),
  ],
)

/**
 * An organization's own state of a due-diligence checklist item (decision 040): a standard item's
 * row (by its key) exists once someone assigned, annotated, set aside or confirmed it; a custom item
 * (no key, named custom-<id>) is its row. Matching to documents is never stored: it is worked out
 * on every read, so an upload changes the list by itself.
 */
export const checklistItems = pgTable(
  'checklist_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The standard item's key; null for an item the advisor added. */
    standardKey: text('standard_key'),
    /** A custom item's request and section; empty for a standard item (the list has its words). */
    title: text('title').notNull().default(''),
    section: text('section').$type<ChecklistSection>(),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    note: text('note').notNull().default(''),
    notApplicable: boolean('not_applicable').notNull().default(false),
    notApplicableReason: text('not_applicable_reason').notNull().default(''),
    /** The document an advisor confirmed answers the item (a probable match made sure). */
    confirmedDocumentId: integer('confirmed_document_id').references(() => documents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checklist_items_org_key').on(t.organizationId, t.standardKey),
    check(
      'checklist_items_custom_check',
      sql`${t.standardKey} is not null or (${t.title} <> '' and ${t.section} is not null)`,
    ),
  ],
)

/**
 * A readiness assessment (issue 34, decision 043). An organization has at most one open assessment,
 * answered question by question; completing it dates it and keeps it, and the next answer opens a
 * new one from the last one's answers, so the change between assessments shows.
 */
export const readinessAssessments = pgTable(
  'readiness_assessments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<StoredAnswer[]>().notNull().default([]),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('readiness_assessments_open_key')
      .on(t.organizationId)
      .where(sql`${t.completedAt} is null`),
    index('readiness_assessments_org_completed_idx').on(t.organizationId, t.completedAt),
  ],
)

/** What advisors entered for an organization's value gap (decision 041): one row per organization. */
export const valueGapEntries = pgTable('value_gap_entries', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  entries: jsonb('entries').$type<ValueGapEntries>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A task of the action plan (issue 34, item 4). A gathered task keeps where it came from (a meeting's
 * action item, an analysis recommendation, a checklist item, a readiness driver) by kind and
 * reference, once per organization, so gathering again never adds it twice.
 */
export const actionTasks = pgTable(
  'action_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    note: text('note').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status').$type<TaskStatus>().notNull().default('open'),
    origin: text('origin').$type<TaskOrigin>().notNull().default('manual'),
    /** The source within its kind: "meeting:12:3", "checklist:financial-statements"; null for a manual task. */
    originRef: text('origin_ref'),
    /** Where it came from in words, as it read when gathered ("Valuation call, Nov 16, 2026"). */
    originLabel: text('origin_label').notNull().default(''),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('action_tasks_origin_key').on(t.organizationId, t.originRef),
    index('action_tasks_org_due_idx').on(t.organizationId, t.dueDate),
    check('action_tasks_status_check', sql`${t.status} in ('open', 'in_progress', 'done')`),
    check('action_tasks_origin_check', sql`${t.origin} in ('manual', 'meeting', 'analysis', 'checklist', 'driver')`),
    check('action_tasks_origin_ref_check', sql`(${t.origin} = 'manual') = (${t.originRef} is null)`),
  ],
)

/**
 * Settings of the deployment as a whole, which every process reads at start: the key of the marker
 * file that shows a process reaches the same file storage as the web servers (decision 059).
 */
export const deploymentSettings = pgTable('deployment_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
