import { parseArgs } from 'node:util'

import { z } from 'zod'

import { ROLES } from '../db/schema'
import { EmailSchema, PasswordSchema } from '../users/schema'
import {
  AccountRefusal,
  creatable,
  createAccount,
  listOrganizations,
  type OperatorContext,
  type RefusalKind,
  removeDemo,
  resetPassword,
  setActive,
} from './service'

/** Exit codes as sysexits.h names them, so scripts around the command can tell refusals apart. */
export const EXIT = { ok: 0, usage: 64, invalid: 65, unknown: 67, exists: 73 } as const satisfies Record<
  'ok' | 'usage' | RefusalKind,
  number
>

export const USAGE = `Usage: npm run accounts -- <command> [options]   (the password is read from standard input)

  create --email <address> --name <full name> --role <admin|analyst|member>
         (--organization <slug or name> | --new-organization <name>)
  reset-password --email <address or username>   ends the user's sessions
  disable --email <address or username>          ends the user's sessions; no sign-in until enabled
  enable --email <address or username>
  list                                           organizations, their members and admins
  remove-demo                                    the demo organization and the demo users`

export interface CommandIO extends OperatorContext {
  /** The new password: asked at a terminal, else read from standard input. Never an argument. */
  readPassword(): Promise<string>
  out(line: string): void
  err(line: string): void
  appUrl: string
}

class UsageError extends Error {}

const NameSchema = z
  .string({ required_error: 'This field is required.' })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(300, 'Ensure this field has no more than 300 characters.')
const RoleSchema = z.enum(ROLES, { errorMap: () => ({ message: 'Choose one of admin, analyst or member.' }) })

/** A value checked by the schema the API checks it with; a refusal names the option. */
function valid<T>(option: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): T {
  if (value === undefined) throw new UsageError(`--${option} is required.`)
  const result = schema.safeParse(value)
  if (!result.success) throw new AccountRefusal('invalid', `--${option}: ${result.error.issues[0]!.message}`)
  return result.data
}

async function newPassword(io: CommandIO) {
  const result = PasswordSchema.safeParse(await io.readPassword())
  if (!result.success) throw new AccountRefusal('invalid', `Password: ${result.error.issues[0]!.message}`)
  return result.data
}

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string' },
  organization: { type: 'string' },
  'new-organization': { type: 'string' },
} as const

type Options = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values']

const COMMANDS: Record<string, (io: CommandIO, options: Options) => Promise<void>> = {
  async create(io, options) {
    if (Boolean(options.organization) === Boolean(options['new-organization'])) {
      throw new UsageError('Give either --organization (an existing one) or --new-organization.')
    }
    const input = {
      email: valid('email', EmailSchema, options.email),
      name: valid('name', NameSchema, options.name),
      role: valid('role', RoleSchema, options.role),
      organization: options.organization,
      newOrganization:
        options['new-organization'] && valid('new-organization', NameSchema, options['new-organization']),
    }
    await creatable(io.db, input)
    const { user, organization } = await createAccount(io, { ...input, password: await newPassword(io) })
    io.out(
      `Created ${user.email} (username ${user.username}), ${input.role} of ${organization.name} (${organization.slug}).`,
    )
    io.out(`They sign in at ${new URL('/login', io.appUrl).href}`)
  },
  async 'reset-password'(io, options) {
    const login = valid('email', NameSchema, options.email)
    const user = await resetPassword(io, login, await newPassword(io))
    io.out(`Set a new password for ${user.email}; every session they had open has ended.`)
  },
  async disable(io, options) {
    const { user, changed } = await setActive(io, valid('email', NameSchema, options.email), false)
    io.out(
      changed
        ? `Disabled ${user.email}; every session they had open has ended.`
        : `${user.email} was already disabled.`,
    )
  },
  async enable(io, options) {
    const { user, changed } = await setActive(io, valid('email', NameSchema, options.email), true)
    io.out(changed ? `Enabled ${user.email}.` : `${user.email} was already enabled.`)
  },
  async list(io) {
    const listed = await listOrganizations(io)
    if (!listed.length) io.out('No organizations yet: make the first with `create --new-organization`.')
    for (const organization of listed) {
      io.out(`${organization.name} (${organization.slug}): ${organization.members} member(s)`)
      if (!organization.admins.length) io.out('  no admin')
      for (const admin of organization.admins) {
        io.out(`  admin ${admin.name} <${admin.email}>${admin.active ? '' : ' (disabled)'}`)
      }
    }
  },
  async 'remove-demo'(io) {
    const removed = await removeDemo(io)
    if (!removed.organization && !removed.users.length) io.out('There is no demo organization and no demo user.')
    if (removed.organization) io.out(`Removed the organization ${removed.organization} and everything in it.`)
    if (removed.users.length) io.out(`Removed the users ${removed.users.join(', ')}.`)
  },
}

/** Runs one operator command (`npm run accounts`); answers the process's exit code. */
export async function runAccountsCommand(args: string[], io: CommandIO): Promise<number> {
  try {
    let parsed
    try {
      parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true })
    } catch (error) {
      const message = (error as Error).message
      throw new UsageError(
        /--password/.test(message)
          ? 'A password is never taken as an argument (the process list would show it): give it on standard input.'
          : message,
      )
    }
    const [name, ...extra] = parsed.positionals
    const command = name ? COMMANDS[name] : undefined
    if (!command || extra.length) throw new UsageError(name ? `Unknown command: ${[name, ...extra].join(' ')}` : '')
    await command(io, parsed.values)
    return EXIT.ok
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message) io.err(error.message)
      io.err(USAGE)
      return EXIT.usage
    }
    if (error instanceof AccountRefusal) {
      io.err(error.message)
      return EXIT[error.kind]
    }
    throw error
  }
}
