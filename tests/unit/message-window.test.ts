import { describe, expect, it } from 'vitest'

import { messagePage, MESSAGES_PER_PAGE, messageWindow, turnLinks } from '../../app/components/chat/message-window'

const messages = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ id: from + index }))
const ids = (page: ReturnType<typeof messagePage>) => page && page.shown.map((message) => message.id)

describe('the page of messages a conversation shows', () => {
  it('reads its window from the address, ignoring what names no message', () => {
    expect(messageWindow(new URLSearchParams(''))).toEqual({})
    expect(messageWindow(new URLSearchParams('before=40'))).toEqual({ before: 40 })
    expect(messageWindow(new URLSearchParams('after=7'))).toEqual({ after: 7 })
    expect(messageWindow(new URLSearchParams('before=40&after=7'))).toEqual({ before: 40 })
    for (const junk of ['before=0', 'before=-3', 'before=1e3', 'after=abc', 'after=99999999999'])
      expect(messageWindow(new URLSearchParams(junk)), junk).toEqual({})
  })

  it('is the latest page, linking to earlier ones only when there are more', () => {
    const full = messagePage(messages(1, MESSAGES_PER_PAGE + 1), {})
    expect(ids(full)).toEqual(messages(2, MESSAGES_PER_PAGE + 1).map((message) => message.id))
    expect(full).toMatchObject({ earlier: 2, later: null })
    expect(messagePage(messages(1, 5), {})).toMatchObject({ earlier: null, later: null })
    expect(messagePage([], {})).toMatchObject({ shown: [], earlier: null, later: null })
  })

  it('before a message, links back and on from it', () => {
    const read = messages(10, 10 + MESSAGES_PER_PAGE)
    expect(messagePage(read, { before: 50 })).toMatchObject({ earlier: 11, later: 10 + MESSAGES_PER_PAGE })
    // The conversation's start: nothing earlier, and on from what is shown.
    expect(messagePage(messages(1, 3), { before: 4 })).toMatchObject({ earlier: null, later: 3 })
    expect(messagePage([], { before: 4 })).toMatchObject({ shown: [], earlier: null, later: 3 })
  })

  it('after a message, links on when there are more, else is the latest page under another address', () => {
    const page = messagePage(messages(31, 31 + MESSAGES_PER_PAGE), { after: 30 })
    expect(ids(page)).toEqual(messages(31, 30 + MESSAGES_PER_PAGE).map((message) => message.id))
    expect(page).toMatchObject({ earlier: 31, later: 30 + MESSAGES_PER_PAGE })
    expect(messagePage(messages(31, 30 + MESSAGES_PER_PAGE), { after: 30 })).toBeNull()
  })
})

describe('a citation of a meeting’s turn', () => {
  it('leads up the page when the page shows the turn, else to the page that ends with it', () => {
    const href = turnLinks([{ id: 40 }, { id: 44 }])
    expect(href(44)).toBe('#message-44')
    expect(href(12)).toBe('?before=13#message-12')
    const page = messagePage(messages(1, 12), messageWindow(new URLSearchParams('before=13')))
    expect(page!.shown.at(-1)).toEqual({ id: 12 })
  })
})
