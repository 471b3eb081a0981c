import { availableParallelism } from 'node:os'

import { z } from 'zod'

import { LOG_LEVELS } from '../../server/log'

const WebEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  /** Read by server/log.ts as it loads; checked here so a misspelt level stops the start with its name. */
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
  /** Web processes serving pages and /api (decision 012); 1 serves everything from one process. */
  WEB_CONCURRENCY: z.coerce
    .number({ invalid_type_error: 'must be a whole number from 1 to 64' })
    .int('must be a whole number from 1 to 64')
    .min(1, 'must be a whole number from 1 to 64')
    .max(64, 'must be a whole number from 1 to 64')
    .default(availableParallelism()),
})

export type WebEnv = z.infer<typeof WebEnvSchema>

let cached: WebEnv | undefined

/** The web tier's settings, validated once; a bad value names the variable. */
export function webEnv(): WebEnv {
  if (cached) return cached
  const given = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''))
  const parsed = WebEnvSchema.safeParse(given)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`)
  }
  cached = parsed.data
  return cached
}

export const secureCookies = () =>
  webEnv().COOKIE_SECURE ? webEnv().COOKIE_SECURE === 'true' : webEnv().NODE_ENV === 'production'
