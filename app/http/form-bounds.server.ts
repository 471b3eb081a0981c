import { z } from 'zod'

import { innerSchema } from '#shared/zod-schema'

/*
 * Conform builds a form's value from what its field names say, before any schema is consulted:
 * `sections[4294967294].title` asks for a list of four billion places (the process dies),
 * `sections[99999].title` for a hundred thousand sections to validate and render (minutes of CPU),
 * and a name sent 40,000 times is copied once per value (a minute). So every name, and the add,
 * remove and move buttons' intent, is checked against the form's zod schema first.
 */

/**
 * The most items any list of a page form may have when its schema names no maximum, and the most
 * times a name may repeat: no form comes near it (the longest list, duplicate choices, holds 100),
 * and building a list this long costs nothing worth measuring.
 */
export const LIST_LIMIT = 1000

/** A field name's parts: object keys, list indexes, and `''` for the `[]` that appends. */
type Path = Array<string | number>

/**
 * A field name read as Conform reads it (`a.b[0].c`, `a[]`); null for a name Conform does not
 * build anything from (it skips those).
 */
export function pathOf(name: string): Path | null {
  const path: Path = []
  let end = 0
  for (const match of name.matchAll(/([^.[\]]+)|\[(\d*)\]/g)) {
    // Parts follow each other directly, or with one dot between them.
    if (match.index !== end && !(match.index === end + 1 && name[end] === '.')) return null
    const [, key, index] = match
    path.push(key ?? (index === '' ? '' : Number(index)))
    end = match.index + match[0].length
  }
  if (end !== name.length || path.slice(0, -1).includes('')) return null
  return path
}

/** A list index: a number, or a key of digits, which Conform also uses as one on a list it has built. */
export const indexOf = (part: string | number) =>
  typeof part === 'number' ? part : /^\d+$/.test(part) ? Number(part) : null

/** One name for each place in the value: `a.0` and `a[0]` are the same item. */
const nameOf = (path: Path) =>
  path.reduce<string>((name, part) => {
    const index = indexOf(part)
    if (part === '' || index !== null) return `${name}[${part === '' ? '' : index}]`
    return name ? `${name}.${part}` : (part as string)
  }, '')

/** Why a name, a repeated name or an intent was refused. */
export type Refusal = { kind: 'too-many'; max: number } | { kind: 'unknown' } | { kind: 'intent' }

const UNKNOWN: Refusal = { kind: 'unknown' }
const BAD_INTENT: Refusal = { kind: 'intent' }

/** The most items a list schema takes. */
const listMax = (list: z.ZodArray<z.ZodTypeAny>) =>
  list._def.maxLength?.value ?? list._def.exactLength?.value ?? LIST_LIMIT

const fieldOf = (object: z.ZodTypeAny, key: string) =>
  object instanceof z.ZodObject && Object.hasOwn(object.shape, key)
    ? innerSchema((object.shape as Record<string, z.ZodTypeAny>)[key]!)
    : undefined

/**
 * The schema at a path, or why the path is refused: an index at or past its list's maximum, an index
 * where the schema has no list, or anything below a key the schema does not have (a plain unknown
 * field, such as a button's `intent`, is left to zod, which drops it).
 */
function schemaAt(schema: z.ZodTypeAny, path: Path): { node: z.ZodTypeAny | undefined } | { refused: Refusal } {
  let node = innerSchema(schema)
  for (const [at, part] of path.entries()) {
    const index = indexOf(part)
    if (part === '' || index !== null) {
      if (!(node instanceof z.ZodArray)) return { refused: UNKNOWN }
      const max = listMax(node)
      if (index !== null && index >= max) return { refused: { kind: 'too-many', max } }
      node = innerSchema(node.element as z.ZodTypeAny)
      continue
    }
    const field = fieldOf(node, part as string)
    if (field) node = field
    else if (at === path.length - 1 && node instanceof z.ZodObject) return { node: undefined }
    else return { refused: UNKNOWN }
  }
  return { node }
}

/** Whether a JSON value carried by an intent (an added item, an updated field) fits the schema's shape. */
function valueRefusal(value: unknown, node: z.ZodTypeAny | undefined): Refusal | undefined {
  if (Array.isArray(value)) {
    if (!(node instanceof z.ZodArray)) return UNKNOWN
    const max = listMax(node)
    if (value.length > max) return { kind: 'too-many', max }
    const item = innerSchema(node.element as z.ZodTypeAny)
    for (const entry of value) {
      const refused = valueRefusal(entry, item)
      if (refused) return refused
    }
    return undefined
  }
  if (value !== null && typeof value === 'object') {
    if (!(node instanceof z.ZodObject)) return UNKNOWN
    for (const [key, entry] of Object.entries(value)) {
      const field = fieldOf(node, key)
      if (!field) return UNKNOWN
      const refused = valueRefusal(entry, field)
      if (refused) return refused
    }
  }
  return undefined
}

const position = z.number().int().nonnegative()
const listName = z.string().min(1)

/** The intents Conform's buttons send (`__intent__`), as @conform-to/dom reads them. */
const IntentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('validate'), payload: z.object({ name: z.string().optional() }) }),
  z.object({
    type: z.literal('reset'),
    payload: z.object({ name: z.string().optional(), index: position.optional() }),
  }),
  z.object({
    type: z.literal('update'),
    payload: z.object({ name: z.string().optional(), index: position.optional(), value: z.unknown() }),
  }),
  z.object({
    type: z.literal('insert'),
    payload: z.object({ name: listName, index: position.optional(), defaultValue: z.unknown() }),
  }),
  z.object({ type: z.literal('remove'), payload: z.object({ name: listName, index: position }) }),
  z.object({ type: z.literal('reorder'), payload: z.object({ name: listName, from: position, to: position }) }),
])

const INTENT = '__intent__'
// Conform's own state field: none of our forms sends it, and Conform parses it as JSON unchecked.
const STATE = '__state__'

function parseIntent(serialized: FormDataEntryValue) {
  if (typeof serialized !== 'string') return undefined
  try {
    const parsed = IntentSchema.safeParse(JSON.parse(serialized))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether an intent may be applied: its field is in the schema, its list is a list, its positions
 * are within the list's maximum, and what it adds or sets fits the schema. `names` are the form's
 * paths: a list sent as one plain value is not a list Conform can add to.
 */
function intentRefusal(serialized: FormDataEntryValue, schema: z.ZodTypeAny, names: Set<string>) {
  const intent = parseIntent(serialized)
  if (!intent) return BAD_INTENT
  switch (intent.type) {
    case 'validate':
      return undefined
    case 'reset':
    case 'update': {
      const { name = '', index } = intent.payload
      const path = pathOf(name)
      if (!path || (index !== undefined && !path.length)) return BAD_INTENT
      const target = index === undefined ? path : [...path, index]
      const found = schemaAt(schema, target)
      if ('refused' in found) return found.refused
      if (intent.type === 'reset') return undefined
      // Without a name the value replaces the whole form's.
      const value = intent.payload.value
      if (!target.length && (typeof value !== 'object' || value === null || Array.isArray(value))) return BAD_INTENT
      return valueRefusal(value, found.node)
    }
    default: {
      const path = pathOf(intent.payload.name)
      if (!path?.length || names.has(nameOf(path))) return BAD_INTENT
      const found = schemaAt(schema, path)
      if ('refused' in found) return found.refused
      const list = found.node
      if (!(list instanceof z.ZodArray)) return BAD_INTENT
      const max = listMax(list)
      const positions =
        intent.type === 'reorder' ? [intent.payload.from, intent.payload.to] : [intent.payload.index ?? 0]
      if (positions.some((at) => at >= max)) return { kind: 'too-many', max } satisfies Refusal
      return intent.type === 'insert' ? valueRefusal(intent.payload.defaultValue, innerSchema(list.element)) : undefined
    }
  }
}

/** Where a name puts its value: refused, or a place (a list's name for a repeated name) taking at most `max` values. */
function placeOf(schema: z.ZodTypeAny, name: string): { refused: Refusal } | { key: string; max: number } | null {
  const path = pathOf(name)
  if (!path) return null
  const found = schemaAt(schema, path)
  if ('refused' in found) return found
  // Conform gathers repeated names (and `[]`) into one list, one copy per value.
  const key = nameOf(path.at(-1) === '' ? path.slice(0, -1) : path)
  return { key, max: found.node instanceof z.ZodArray ? listMax(found.node) : LIST_LIMIT }
}

/**
 * Checks a form against its schema before Conform reads it. Answers what was refused (once per
 * reason) and, when anything was, the form without it: the refused names, values past a name's
 * limit, the intent and files (a refused form is only answered with its fields, never files).
 */
export function boundForm<Form extends FormData | URLSearchParams>(
  form: Form,
  schema: z.ZodTypeAny,
): { refusals: Refusal[]; kept: Form } {
  const refusals = new Map<string, Refusal>()
  const refuse = (refusal: Refusal) => refusals.set(JSON.stringify(refusal), refusal)
  const keptEntries: Array<[string, string]> = []
  const places = new Map<string, ReturnType<typeof placeOf>>()
  const counts = new Map<string, number>()
  let intent: FormDataEntryValue | undefined
  for (const [name, value] of form.entries()) {
    if (name === INTENT) {
      intent ??= value
      continue
    }
    if (name === STATE) {
      refuse(BAD_INTENT)
      continue
    }
    if (!places.has(name)) places.set(name, placeOf(schema, name))
    const place = places.get(name)!
    if (place && 'refused' in place) {
      refuse(place.refused)
      continue
    }
    if (place) {
      const count = (counts.get(place.key) ?? 0) + 1
      counts.set(place.key, count)
      if (count > place.max) {
        refuse({ kind: 'too-many', max: place.max })
        continue
      }
    }
    if (typeof value === 'string') keptEntries.push([name, value])
  }
  const intentRefused = intent === undefined ? undefined : intentRefusal(intent, schema, new Set(counts.keys()))
  if (intentRefused) refuse(intentRefused)
  if (!refusals.size) return { refusals: [], kept: form }
  const kept = (form instanceof URLSearchParams ? new URLSearchParams() : new FormData()) as Form
  for (const [name, value] of keptEntries) kept.append(name, value)
  return { refusals: [...refusals.values()], kept }
}
