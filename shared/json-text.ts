/**
 * Where an in-process JSON answer of the API keeps the text of its body (api/kernel/json-text.ts),
 * for the web tier to parse without reading the body back (app/services/api-fetch.server.ts).
 */
export const JSON_TEXT = Symbol.for('exit-planning.api-json-text')

export type KeptJsonText = Response & { [JSON_TEXT]?: unknown }

/** The JSON text an in-process answer kept, if it is one that did. */
export function keptJsonText(response: Response): string | undefined {
  const text = (response as KeptJsonText)[JSON_TEXT]
  return typeof text === 'string' ? text : undefined
}
