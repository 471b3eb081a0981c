import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'

import { AddTaskSchema, EditTaskSchema } from '../../app/components/actions/schemas'
import { AssignSchema } from '../../app/components/checklist/schemas'
import { ValueGapFormSchema } from '../../app/components/value-gap/schemas'

const form = (entries: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.append(name, value)
  return data
}

// Issue 47 item 5: every form with a date reads it from the text typed, in the browser and on the server alike.
const FORMS = [
  { name: 'a task added', schema: AddTaskSchema, fields: { title: 'Book the review' }, date: 'due_date' },
  { name: 'a task edited', schema: EditTaskSchema, fields: { id: '7', title: 'Book the review' }, date: 'due_date' },
  { name: 'a checklist item assigned', schema: AssignSchema, fields: { key: 'leases' }, date: 'due_date' },
  { name: 'the value gap inputs', schema: ValueGapFormSchema, fields: {}, date: 'target_date' },
] as const

describe('the date field of every form', () => {
  for (const { name, schema, fields, date } of FORMS) {
    it(`${name}: refuses an impossible date on its field and gives back what was typed`, () => {
      const submission = parseWithZod(form({ ...fields, [date]: '02/30/2026' }), { schema })
      expect(submission.status).toBe('error')
      const reply = submission.reply()
      expect(reply.error).toEqual({ [date]: ['Enter a real date: February 2026 has 28 days'] })
      expect(reply.initialValue?.[date]).toBe('02/30/2026')
    })

    it(`${name}: sends a typed date as the day it names, and an empty field as no date`, () => {
      const typed = parseWithZod(form({ ...fields, [date]: '12/15/2026' }), { schema })
      expect(typed.status === 'success' && (typed.value as Record<string, unknown>)[date]).toBe('2026-12-15')
      const empty = parseWithZod(form({ ...fields, [date]: '' }), { schema })
      expect(empty.status === 'success' && (empty.value as Record<string, unknown>)[date]).toBeUndefined()
    })
  }
})
