import { docxParts } from '../../tests/unit/support/export-files'

/**
 * Issue 43's findings 8 and 9, read off what a running server gives: the characters XML 1.0 forbids
 * in a Word export of text that holds them, and the sprint of a task due on the last day of 9999.
 */

// XML 1.0's Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
const FORBIDDEN = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

export interface OutputRun {
  /** Characters XML forbids in the Word file's document.xml and core.xml. */
  forbiddenInWord: number
  /** The sprint end the plan gives a task due 9999-12-31. */
  sprintEnd: string
}

async function call(base: string, method: string, route: string, token: string, org: string, body?: unknown) {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-organization': org, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`)
  return response
}

export async function measureOutputs(base: string, token: string, org: string): Promise<OutputRun> {
  const odd = 'Lease \uFFFE renewal \uFFFF notes'
  const { id } = (await (await call(base, 'POST', '/conversations/', token, org, { title: odd })).json()) as {
    id: number
  }
  await call(base, 'POST', `/conversations/${id}/add_message/`, token, org, { content: odd })
  const word = await call(base, 'GET', `/conversations/${id}/export/?format=docx`, token, org)
  const parts = docxParts(new Uint8Array(await word.arrayBuffer()))
  const forbiddenInWord = ['word/document.xml', 'docProps/core.xml']
    .map((part) => parts[part] ?? '')
    .reduce((sum, xml) => sum + (xml.match(FORBIDDEN)?.length ?? 0), 0)

  const task = (await (
    await call(base, 'POST', '/actions/', token, org, { title: 'The far future', due_date: '9999-12-31' })
  ).json()) as { id: number }
  const plan = (await (await call(base, 'GET', '/actions/', token, org)).json()) as {
    sprints: Array<{ ends: string; tasks: Array<{ id: number }> }>
  }
  const sprint = plan.sprints.find((one) => one.tasks.some((held) => held.id === task.id))
  return { forbiddenInWord, sprintEnd: sprint?.ends ?? 'no sprint' }
}
