import { availableParallelism } from 'node:os'

import { z } from 'zod'

import { LOG_LEVELS } from '../../runtime/log'

function wholeNumber(least: number, most: number) {
  const message = `must be a whole number from ${least} to ${most}`
  return z.coerce.number({ invalid_type_error: message }).int(message).min(least, message).max(most, message)
}

const WebEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  /** Read by runtime/log.ts as it loads; checked here so a misspelt level stops the start with its name. */
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  SESSION_SECRET: z
    .string({ required_error: 'is required (comma-separated to rotate secrets)' })
    .transform((value) =>
      value
        .split(',')
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .refine((secrets) => secrets.length > 0 && secrets.every((secret) => secret.length >= 16), {
      message: 'each secret must be at least 16 characters',
    }),
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  API_URL: z.string().url().optional(),
  APP_URL: z.string().url().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTHORIZATION_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  SUPPORT_EMAIL: z.string().email().default('support@exitplanner.example'),
  DEMO_URL: z.string().url().default('https://exitplanner.example/demo'),
  MAX_UPLOAD_MB: z.coerce.number().int().positive().default(50),
  /** The backend's setting of the same name: the pages refuse a bigger batch before staging it. */
  MAX_BATCH_FILES: z.coerce.number().int().positive().default(20),
  /**
   * The most web processes serving pages and /api (decision 012); 1 serves everything from one
   * process. At least 2 by default, so that a primary can replace a stuck one (decision 028).
   */
  WEB_CONCURRENCY: wholeNumber(1, 64).default(Math.max(2, availableParallelism())),
  /** Web processes kept serving without load (decision 028); the rest start on demand (decision 016). */
  WEB_MIN_PROCESSES: wholeNumber(1, 64).default(1),
  /** Silence of a web process's event loop after which its primary kills it (decision 028). */
  WEB_STALL_KILL_SECONDS: wholeNumber(2, 3600).default(5),
})

const CheckedWebEnvSchema = WebEnvSchema.superRefine((env, context) => {
  if (env.WEB_MIN_PROCESSES > env.WEB_CONCURRENCY) {
    context.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['WEB_MIN_PROCESSES'],
      message: `must not be more than WEB_CONCURRENCY (${env.WEB_CONCURRENCY})`,
    })
  }
})

export type WebEnv = z.infer<typeof WebEnvSchema>

let cached: WebEnv | undefined

/** The web tier's settings, validated once; a bad value names the variable. */
export function webEnv(): WebEnv {
  if (cached) return cached
  const given = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''))
  const parsed = CheckedWebEnvSchema.safeParse(given)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`)
  }
  cached = parsed.data
  return cached
}

export const secureCookies = () =>
  webEnv().COOKIE_SECURE ? webEnv().COOKIE_SECURE === 'true' : webEnv().NODE_ENV === 'production'
