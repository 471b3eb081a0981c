import { z } from 'zod'

import { ConfigError } from '../../runtime/config-error'
import { LOG_LEVELS } from '../../runtime/log'

/** The demo users' password unless DEMO_PASSWORD says otherwise: published in README, so never for production. */
export const DEFAULT_DEMO_PASSWORD = 'demo-password'

/** A positive whole number with a default (seconds, counts, sizes). */
const seconds = (fallback: number) =>
  z.coerce
    .number({ invalid_type_error: 'must be a positive whole number' })
    .int('must be a positive whole number')
    .positive('must be a positive whole number')
    .default(fallback)

/** A TCP port; 0 asks the system for a free one (tests). */
const port = z.coerce
  .number({ invalid_type_error: 'must be a port number from 0 to 65535' })
  .int('must be a port number from 0 to 65535')
  .min(0, 'must be a port number from 0 to 65535')
  .max(65535, 'must be a port number from 0 to 65535')

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default(fallback)
    .transform((value) => value === 'true')

const ApiConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Read by runtime/log.ts as it loads; checked here so a misspelt level stops the start with its name. */
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  ACCESS_TOKEN_TTL_SECONDS: seconds(300),
  REFRESH_TOKEN_TTL_SECONDS: seconds(60 * 60 * 24 * 30),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z
    .string()
    .default('https://accounts.google.com,accounts.google.com')
    .transform((value) =>
      value
        .split(',')
        .map((issuer) => issuer.trim())
        .filter(Boolean),
    ),
  /** Failed sign-ins against one account from one address (see api/auth/rate-limit.ts). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: seconds(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: seconds(30),
  /** Failed sign-ins against one account from all addresses before only clean addresses may try it. */
  LOGIN_ACCOUNT_FAILURE_CEILING: seconds(20),
  LOGIN_FAILURE_WINDOW_SECONDS: seconds(15 * 60),
  APP_URL: z.string().url().default('http://localhost:3000'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Exit Planner <no-reply@exitplanner.example>'),
  INVITATION_TTL_DAYS: seconds(7),
  MAX_UPLOAD_MB: seconds(50),
  MAX_BATCH_FILES: seconds(20),
  EXTRACTION_TIMEOUT_SECONDS: seconds(120),
  EXTRACTION_MEMORY_MB: seconds(512),
  MAX_EXTRACTED_CHARS: seconds(3_000_000),
  /** Read scanned PDF pages by OCR (tesseract, offline). */
  OCR: flag('true'),
  /** The most scanned pages of one document read by OCR. */
  OCR_MAX_PAGES: seconds(100),
  /**
   * How long one run of a document's job reads scanned pages while another job waits for its slot,
   * before it ends after its page and queues the rest as a further run (docs/decisions/047).
   */
  OCR_RUN_SECONDS: seconds(30),
  /** Scanned pages read by OCR for one organization in any 24 hours; the rest are noted as not read. */
  OCR_PAGES_PER_ORGANIZATION_PER_DAY: seconds(1000),
  /** Organizations one user may create in any 24 hours; past it the API answers 429. */
  ORGANIZATIONS_PER_USER_PER_DAY: seconds(10),
  JOB_WORKER: flag('true'),
  JOB_CONCURRENCY: seconds(2),
  JOB_LEASE_SECONDS: seconds(60),
  /** How often an idle worker looks for queued jobs in another process's queue (milliseconds). */
  JOB_POLL_MS: seconds(1000),
  /** `npm run start:api`'s port; PORT (set by many hosting platforms) when unset, else 4000. */
  API_PORT: port.optional(),
  PORT: port.optional(),
  /** Create the demo organization and its users at start (idempotent). */
  SEED_DEMO: flag('true'),
  /** The demo users' password: the same rule as every password (8 characters at least). */
  DEMO_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(256, 'must be at most 256 characters')
    .default(DEFAULT_DEMO_PASSWORD),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  EMBEDDING_PROVIDER: z.enum(['word-vectors', 'openai', 'onnx']).default('word-vectors'),
  /** Where the compact binary form of the default word vectors is kept (built on first use). */
  WORD_VECTORS_CACHE: z.string().min(1).optional(),
  EMBEDDING_BASE_URL: z.string().url().optional(),
  EMBEDDING_API_KEY: z.string().min(1).optional(),
  EMBEDDING_MODEL: z.string().min(1).optional(),
  EMBEDDING_DIMENSIONS: z.coerce.number().int().positive().max(16000).optional(),
  EMBEDDING_BATCH_SIZE: seconds(64),
  EMBEDDING_MODEL_DIR: z.string().min(1).optional(),
  /** The share of semantic similarity in hybrid search, 0..1; by default the provider's measured one. */
  SEARCH_SEMANTIC_WEIGHT: z.coerce
    .number({ invalid_type_error: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .optional(),
  EMBEDDING_QUERY_PREFIX: z.string().default(''),
  EMBEDDING_PASSAGE_PREFIX: z.string().default(''),
  /** Who writes chat answers: `extractive` (offline, quotes the documents) or any OpenAI-compatible server. */
  ANSWER_PROVIDER: z.enum(['extractive', 'openai']).default('extractive'),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  /** Passages retrieved for each chat answer. */
  ANSWER_PASSAGES: z.coerce.number().int().min(1).max(20).default(5),
  /** Chat questions let through in any minute, per user and per organization (docs/decisions/026). */
  CHAT_QUESTIONS_PER_MINUTE_PER_USER: seconds(20),
  CHAT_QUESTIONS_PER_MINUTE_PER_ORGANIZATION: seconds(60),
  /** Chat answers being written at once, streamed or not, per user and per organization. */
  CHAT_ANSWERS_AT_ONCE_PER_USER: seconds(3),
  CHAT_ANSWERS_AT_ONCE_PER_ORGANIZATION: seconds(10),
  /** An OpenAI-compatible server with /v1/audio/transcriptions (a local Whisper server): meeting recordings are transcribed. */
  TRANSCRIBE_BASE_URL: z.string().url().optional(),
  TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
  TRANSCRIBE_API_KEY: z.string().min(1).optional(),
  /** How long a transcription server may take over one recording before the attempt is given up. */
  TRANSCRIBE_TIMEOUT_SECONDS: seconds(60 * 60),
  /** Uploaded files and recordings go to this S3-compatible bucket instead of DATA_DIR/files. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  /** Another S3-compatible service (SeaweedFS, R2, Ceph…); unset, AWS. */
  S3_ENDPOINT: z
    .string()
    .url('must be an http:// or https:// URL')
    .regex(/^https?:\/\//i, 'must be an http:// or https:// URL')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1 (lowercase letters, digits and hyphens)')
    .default('us-east-1'),
  /** Unset, the AWS SDK's default credential chain (its environment variables, profile or instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag('false'),
  /** Put before every key, so the bucket can be shared: `exit-planner` stores under `exit-planner/files/…`. */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "must use only letters, digits and / ! - _ . * ' ( )")
    .refine((value) => !value.split('/').includes('..'), 'must not contain ..')
    .default('')
    .transform((value) => value.replace(/^\/+|\/+$/g, ''))
    .transform((value) => (value ? `${value}/` : '')),
})

export type ApiConfig = z.infer<typeof ApiConfigSchema>

/** The largest object S3 copies in one request (5 GB). */
const MAX_S3_COPY_MB = 5 * 1024

/** Settings that only make sense together, checked after each one is valid on its own. */
function requiredTogether(config: ApiConfig): z.ZodIssue[] {
  const missing = (name: string, why: string): z.ZodIssue => ({
    code: 'custom',
    path: [name],
    message: `is required ${why}`,
  })
  const issues: z.ZodIssue[] = []
  if (config.EMBEDDING_PROVIDER === 'openai') {
    if (!config.EMBEDDING_BASE_URL) issues.push(missing('EMBEDDING_BASE_URL', 'when EMBEDDING_PROVIDER=openai'))
    if (!config.EMBEDDING_MODEL) issues.push(missing('EMBEDDING_MODEL', 'when EMBEDDING_PROVIDER=openai'))
  }
  if (config.ANSWER_PROVIDER === 'openai') {
    if (!config.LLM_BASE_URL) issues.push(missing('LLM_BASE_URL', 'when ANSWER_PROVIDER=openai'))
    if (!config.LLM_MODEL) issues.push(missing('LLM_MODEL', 'when ANSWER_PROVIDER=openai'))
  }
  // An organization's limit below one user's would leave the user's unreachable: most likely the two were swapped.
  for (const [organization, user] of [
    ['CHAT_QUESTIONS_PER_MINUTE_PER_ORGANIZATION', 'CHAT_QUESTIONS_PER_MINUTE_PER_USER'],
    ['CHAT_ANSWERS_AT_ONCE_PER_ORGANIZATION', 'CHAT_ANSWERS_AT_ONCE_PER_USER'],
  ] as const) {
    if (config[organization] < config[user]) {
      issues.push({ code: 'custom', path: [organization], message: `must be at least ${user} (${config[user]})` })
    }
  }
  // Reprocess reads a document's scans again: with an allowance under one document's pages, a
  // document with that many scans could never be read whole.
  if (config.OCR_PAGES_PER_ORGANIZATION_PER_DAY < config.OCR_MAX_PAGES) {
    issues.push({
      code: 'custom',
      path: ['OCR_PAGES_PER_ORGANIZATION_PER_DAY'],
      message: `must be at least OCR_MAX_PAGES (${config.OCR_MAX_PAGES})`,
    })
  }
  if (config.EMBEDDING_PROVIDER === 'onnx' && !config.EMBEDDING_MODEL_DIR) {
    issues.push(missing('EMBEDDING_MODEL_DIR', 'when EMBEDDING_PROVIDER=onnx'))
  }
  if (config.S3_ACCESS_KEY_ID && !config.S3_SECRET_ACCESS_KEY) {
    issues.push(missing('S3_SECRET_ACCESS_KEY', 'when S3_ACCESS_KEY_ID is set'))
  }
  if (config.S3_SECRET_ACCESS_KEY && !config.S3_ACCESS_KEY_ID) {
    issues.push(missing('S3_ACCESS_KEY_ID', 'when S3_SECRET_ACCESS_KEY is set'))
  }
  // Without it the other S3 settings would be ignored and files would quietly stay on the disk.
  const s3Setting = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const).find(
    (name) => config[name],
  )
  if (s3Setting && !config.S3_BUCKET) issues.push(missing('S3_BUCKET', `when ${s3Setting} is set`))
  // A stored file is copied to its content address in one CopyObject request, which S3 allows up to 5 GB.
  if (config.S3_BUCKET && config.MAX_UPLOAD_MB > MAX_S3_COPY_MB) {
    issues.push({
      code: 'custom',
      path: ['MAX_UPLOAD_MB'],
      message: `must be at most ${MAX_S3_COPY_MB} when S3_BUCKET is set`,
    })
  }
  return issues
}

/** Reads the backend's settings; a bad value stops start-up with a message naming the variable. */
export function loadApiConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  const parsed = ApiConfigSchema.safeParse(withoutEmpty(env))
  if (!parsed.success) throw new ConfigError(describeIssues(parsed.error))
  const issues = requiredTogether(parsed.data)
  if (issues.length) throw new ConfigError(describeIssues(new z.ZodError(issues)))
  return parsed.data
}

/** Empty variables count as unset, as they do in most deployment tools. */
export function withoutEmpty(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
}

export function describeIssues(error: z.ZodError) {
  const lines = error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
  return `Invalid environment configuration:\n${lines.join('\n')}`
}

export { ConfigError }
