import { idFrom } from '#shared/ids'

/**
 * The messages a conversation's page shows at once: a meeting's transcript or a long day of
 * questions would otherwise put every message, its sources and its working on one page, and past
 * 64K characters a page costs the server more to send (decision 085).
 */
export const MESSAGES_PER_PAGE = 20

/** Which page of messages the URL names: the latest, or those just `before` or `after` a message. */
export type MessageWindow = { before: number } | { after: number } | Record<string, never>

export function messageWindow(search: URLSearchParams): MessageWindow {
  const before = idFrom(search.get('before') ?? undefined)
  if (before !== null) return { before }
  const after = idFrom(search.get('after') ?? undefined)
  return after === null ? {} : { after }
}

/**
 * The page of `rows` (read with one more than a page, in the window's direction) and the message
 * ids its links go on from: `earlier` for `?before=` (null when it starts the conversation), `later`
 * for `?after=` (null when it is the latest page, the one that asks). A window after a message that
 * reaches the end is the latest page under another address: `null`, for the loader to redirect.
 */
export function messagePage<T extends { id: number }>(rows: T[], range: MessageWindow) {
  const more = rows.length > MESSAGES_PER_PAGE
  if ('after' in range) {
    if (!more) return null
    const shown = rows.slice(0, MESSAGES_PER_PAGE)
    return { shown, earlier: shown[0]!.id, later: shown.at(-1)!.id }
  }
  const shown = more ? rows.slice(1) : rows
  const earlier = more ? shown[0]!.id : null
  return { shown, earlier, later: 'before' in range ? (shown.at(-1)?.id ?? range.before - 1) : null }
}

export const turnAnchor = (messageId: number) => `message-${messageId}`

/** Where a cited turn of a conversation's meeting is shown. */
export type TurnHref = (messageId: number) => string

/**
 * A cited turn is further up the page when the page shows it, else on the page of the conversation
 * that ends with it (ids are not consecutive within a conversation, but a page `before` the next id
 * ends with it).
 */
export function turnLinks(shown: ReadonlyArray<{ id: number }>): TurnHref {
  const here = new Set(shown.map((message) => message.id))
  return (messageId) =>
    here.has(messageId) ? `#${turnAnchor(messageId)}` : `?before=${messageId + 1}#${turnAnchor(messageId)}`
}
