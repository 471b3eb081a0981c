import { readdirSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { TemplateFormSchema } from '../../app/components/conversation-templates/template-schema'
import { DuplicateChoiceSchema } from '../../app/components/documents/duplicate-choice'
import { BatchUploadSchema } from '../../app/components/documents/upload-form'
import { ScheduleSchema } from '../../app/components/transcriptions/schedule-form'
import { LIST_LIMIT, pathOf } from '../../app/http/form-bounds.server'
import { parseForm } from '../../app/http/parse-form.server'
import { readForm } from '../../app/http/read-form.server'

/** A form post as the browser sends it, entry by entry (names may repeat). */
function form(...entries: Array<[string, string]>) {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

const TWO_SECTIONS: Array<[string, string]> = [
  ['name', 'Buyer meeting'],
  ['phaseId', 'phase-3'],
  ['sections[0].title', 'Opening'],
  ['sections[0].timeAllocation', '20'],
  ['sections[1].title', 'Close'],
  ['sections[1].timeAllocation', '10'],
]

const intent = (value: unknown): [string, string] => ['__intent__', JSON.stringify(value)]

/** What the page is answered with: the form's errors and the fields it is shown again with. */
function refusal(entries: Array<[string, string]>, schema: z.ZodTypeAny = TemplateFormSchema) {
  const submission = parseForm(form(...entries), { schema })
  expect(submission.status).toBe('error')
  const reply = submission.reply()
  return { formErrors: reply.error?.[''] ?? [], initialValue: reply.initialValue ?? {} }
}

describe('a form checked against its schema before Conform reads it', () => {
  it('reads a form within its bounds as Conform does', () => {
    const submission = parseForm(form(...TWO_SECTIONS), { schema: TemplateFormSchema })
    expect(submission.status).toBe('success')
    if (submission.status === 'success')
      expect(submission.value.sections.map((section) => section.title)).toEqual(['Opening', 'Close'])
  })

  it('refuses a list index past the list maximum without building the list', () => {
    for (const index of [30, 99_999, 4_294_967_294]) {
      const { formErrors, initialValue } = refusal([...TWO_SECTIONS, [`sections[${index}].title`, 'y']])
      expect(formErrors).toEqual([
        'The form sent more than the 30 items a list here accepts, so nothing was saved; the extra items were left out.',
      ])
      expect((initialValue.sections as unknown[]).length).toBe(2)
    }
  })

  it('refuses an index past a nested list and a participant past the meeting list', () => {
    expect(refusal([...TWO_SECTIONS, ['sections[1].suggestedQuestions[30]', 'Why?']]).formErrors[0]).toMatch(
      /more than the 30 items/,
    )
    expect(
      refusal(
        [
          ['title', 'Kick-off'],
          ['participants[99999].name', 'Ann'],
        ],
        ScheduleSchema,
      ).formErrors[0],
    ).toMatch(/more than the 50 items/)
  })

  it('refuses a list index written as a dotted key, which Conform also uses as an index', () => {
    expect(refusal([...TWO_SECTIONS, ['sections.99999.title', 'y']]).formErrors[0]).toMatch(/more than the 30 items/)
    expect(refusal([...TWO_SECTIONS, ['sections.4294967294', 'y']]).formErrors[0]).toMatch(/more than the 30 items/)
  })

  it('refuses indexes and nesting where the schema has no list or no such field', () => {
    for (const name of ['zz[4294967294]', 'name[5]', 'zz.a.b', 'sections[0].zz[3]', 'sections.title']) {
      expect(refusal([...TWO_SECTIONS, [name, 'y']]).formErrors, name).toEqual([
        'The form sent fields it does not have, so nothing was saved; they were left out.',
      ])
    }
  })

  it('leaves plain fields the schema does not know (a button named intent) to zod', () => {
    expect(
      parseForm(form(...TWO_SECTIONS, ['intent', 'save'], ['returnTo', '/x']), { schema: TemplateFormSchema }).status,
    ).toBe('success')
  })

  it('refuses a name repeated more often than its list, or than any form, takes', () => {
    const files = Array.from({ length: 101 }, (_, n): [string, string] => ['files', `f${n}`])
    expect(refusal(files, BatchUploadSchema).formErrors[0]).toMatch(/more than the 100 items/)
    const names = Array.from({ length: 40_000 }, (): [string, string] => ['name', 'a'])
    expect(refusal([...TWO_SECTIONS, ...names]).formErrors[0]).toMatch(`more than the ${LIST_LIMIT} items`)
  })

  it('refuses list intents whose positions are past the list maximum', () => {
    for (const payload of [
      { type: 'insert', payload: { name: 'sections', index: 4_294_967_294 } },
      { type: 'remove', payload: { name: 'sections', index: 99_999 } },
      { type: 'reorder', payload: { name: 'sections', from: 0, to: 30 } },
      { type: 'update', payload: { name: 'sections', index: 4_294_967_294, value: { title: 'y' } } },
      { type: 'remove', payload: { name: 'sections[4294967294].suggestedQuestions', index: 0 } },
    ]) {
      const { formErrors, initialValue } = refusal([...TWO_SECTIONS, intent(payload)])
      expect(formErrors, JSON.stringify(payload)).toEqual([
        'The form sent more than the 30 items a list here accepts, so nothing was saved; the extra items were left out.',
      ])
      expect((initialValue.sections as unknown[]).length).toBe(2)
    }
  })

  it('refuses intents that are not JSON, not lists, or carry values past the schema', () => {
    const tooManyQuestions = { suggestedQuestions: Array.from({ length: 31 }, () => '') }
    for (const [payload, expected] of [
      ['not json', /add, remove or move/],
      [JSON.stringify({ type: 'explode', payload: {} }), /add, remove or move/],
      [JSON.stringify({ type: 'insert', payload: { name: 'name' } }), /add, remove or move/],
      [JSON.stringify({ type: 'insert', payload: { name: 'sections', defaultValue: tooManyQuestions } }), /30 items/],
      [JSON.stringify({ type: 'insert', payload: { name: 'sections', defaultValue: { zz: [1] } } }), /does not have/],
      [JSON.stringify({ type: 'update', payload: { value: 'x' } }), /add, remove or move/],
    ] as const) {
      expect(refusal([...TWO_SECTIONS, ['__intent__', payload]]).formErrors[0], payload).toMatch(expected)
    }
    // A list sent as one plain value is not a list Conform can add to.
    expect(
      refusal([['sections', 'x'], intent({ type: 'insert', payload: { name: 'sections' } })]).formErrors[0],
    ).toMatch(/add, remove or move/)
    expect(refusal([...TWO_SECTIONS, ['__state__', '{']]).formErrors[0]).toMatch(/add, remove or move/)
  })

  it('applies the form buttons own add and remove as before', () => {
    const added = parseForm(
      form(...TWO_SECTIONS, intent({ type: 'insert', payload: { name: 'sections', defaultValue: { title: '' } } })),
      { schema: TemplateFormSchema },
    )
    expect(added.status).toBeUndefined()
    expect((added.payload.sections as unknown[]).length).toBe(3)
    const removed = parseForm(
      form(...TWO_SECTIONS, intent({ type: 'remove', payload: { name: 'sections', index: 0 } })),
      {
        schema: TemplateFormSchema,
      },
    )
    expect((removed.payload.sections as unknown[]).length).toBe(1)
  })

  it('checks a query string the same way', () => {
    const submission = parseForm(new URLSearchParams('q=exit&zz[4294967294]=1'), {
      schema: z.object({ q: z.string() }),
    })
    expect(submission.status).toBe('error')
  })

  it('reads field names as Conform does', () => {
    expect(pathOf('sections[0].suggestedQuestions[1]')).toEqual(['sections', 0, 'suggestedQuestions', 1])
    expect(pathOf('files[]')).toEqual(['files', ''])
    expect(pathOf('a[]b')).toBeNull()
    expect(pathOf('a[x]')).toBeNull()
  })
})

/** Every zod list reachable from a schema, with where it is. */
function listsOf(
  schema: z.ZodTypeAny,
  at: string,
  seen = new Set<z.ZodTypeAny>(),
): Array<[string, z.ZodArray<z.ZodTypeAny>]> {
  if (seen.has(schema)) return []
  seen.add(schema)
  if (schema instanceof z.ZodArray) return [[at, schema], ...listsOf(schema.element, `${at}[]`, seen)]
  if (schema instanceof z.ZodObject)
    return Object.entries(schema.shape as Record<string, z.ZodTypeAny>).flatMap(([key, field]) =>
      listsOf(field, at ? `${at}.${key}` : key, seen),
    )
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion)
    return (schema.options as z.ZodTypeAny[]).flatMap((option) => listsOf(option, at, seen))
  const def = schema._def as { innerType?: z.ZodTypeAny; schema?: z.ZodTypeAny; in?: z.ZodTypeAny; out?: z.ZodTypeAny }
  return [def.innerType, def.schema, def.in, def.out].flatMap((inner) => (inner ? listsOf(inner, at, seen) : []))
}

describe('every list a client sends has a maximum', () => {
  it('in the page forms', () => {
    for (const schema of [TemplateFormSchema, ScheduleSchema, BatchUploadSchema, DuplicateChoiceSchema]) {
      for (const [at, list] of listsOf(schema, '')) expect(list._def.maxLength, at).toBeTruthy()
    }
  })

  it('in every JSON body the API reads (api/<resource>/schema.ts)', async () => {
    const apiDir = path.resolve(import.meta.dirname, '../../api')
    let lists = 0
    for (const folder of readdirSync(apiDir, { withFileTypes: true })) {
      if (!folder.isDirectory() || folder.name === 'db') continue
      if (!readdirSync(path.join(apiDir, folder.name)).includes('schema.ts')) continue
      const module: Record<string, unknown> = await import(path.join(apiDir, folder.name, 'schema.ts'))
      for (const [name, value] of Object.entries(module)) {
        if (!(value instanceof z.ZodType)) continue
        for (const [at, list] of listsOf(value, '')) {
          lists++
          expect(list._def.maxLength, `${folder.name}/schema.ts ${name}.${at}`).toBeTruthy()
        }
      }
    }
    expect(lists).toBeGreaterThan(5)
  })
})

const post = (body: BodyInit | null, type?: string) =>
  new Request('http://localhost/conversation-templates/new', {
    method: 'POST',
    headers: type ? { 'content-type': type } : {},
    body,
  })

async function refusedWith(request: Request) {
  const answer = await readForm(request).then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(answer).toBeInstanceOf(Response)
  const response = answer as Response
  return { status: response.status, message: ((await response.json()) as { message: string }).message }
}

describe('reading an action body as a form', () => {
  it('answers 415 for a body that is not a form', async () => {
    for (const request of [post('{"name":"x"}', 'application/json'), post('name=x', 'text/plain'), post(null)]) {
      expect(await refusedWith(request)).toEqual({
        status: 415,
        message: 'This address only accepts forms sent from its page (form-encoded or multipart).',
      })
    }
  })

  it('answers 400 for a multipart body that does not parse', async () => {
    const cut = '--XB\r\nContent-Disposition: form-data; name="name"\r\n\r\nHarbor'
    expect(await refusedWith(post(cut, 'multipart/form-data; boundary=XB'))).toEqual({
      status: 400,
      message: 'The form could not be read: its body is cut off or is not valid form data.',
    })
    expect((await refusedWith(post('x', 'multipart/form-data'))).status).toBe(400)
  })

  it('answers 400 for a list position or a repeated name past what any form takes', async () => {
    const urlencoded = 'application/x-www-form-urlencoded'
    for (const body of ['name=&sections[0].title=x&sections[99999].title=y', 'a.4294967294=1', 'a=1&'.repeat(1001)]) {
      expect(await refusedWith(post(body, urlencoded))).toEqual({
        status: 400,
        message: `The form has a list longer than any form here accepts (${LIST_LIMIT} items), so it was not read.`,
      })
    }
  })

  it('reads a form as before', async () => {
    const read = await readForm(
      post('name=Harbor&sections[0].title=x', 'application/x-www-form-urlencoded; charset=UTF-8'),
    )
    expect(Object.fromEntries(read)).toEqual({ name: 'Harbor', 'sections[0].title': 'x' })
  })

  it('reads a form-encoded body as the platform’s formData does', async () => {
    const urlencoded = 'application/x-www-form-urlencoded'
    const bodies = [
      new URLSearchParams({ content: 'Wann endet der Mietvertrag? 50% + “Zinsen” & 2031 ✓' }).toString(),
      '\uFEFFa=1&a=2&b=%ZZ&c&=empty&d=x+y%20z&e=%F0%9F%8F%A0',
      '',
      new Uint8Array([0x61, 0x3d, 0xff, 0x26, 0x62, 0x3d, 0xc3]),
    ]
    for (const body of bodies) {
      const ours = [...(await readForm(post(body, urlencoded)))]
      expect(ours).toEqual([...(await post(body, urlencoded).formData())])
    }
  })
})
