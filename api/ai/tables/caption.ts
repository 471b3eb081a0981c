/**
 * The sentence that introduces a table, as a report writes it before the table: "The carrying
 * value of goodwill by segment was as follows:", "The following table sets forth revenue by
 * region (in thousands):", or a short line of its own ending in a colon.
 */
const TABLE_INTRO =
  /^(?:the )?(?:following|above|below) table (?:below |above )?(?:shows|sets forth|summari[sz]es|presents|provides|illustrates|reconciles|details|reflects|lists|contains|includes|represents)(?: (?:information|details|data) (?:on|about|regarding|relating to|related to|with respect to|for))?\s+(.+?)$/i
const AS_FOLLOWS =
  /^(.+?)\s+(?:(?:is|are|was|were) (?:as follows|presented below|shown below|summari[sz]ed below|set (?:forth|out) below|the following)|(?:consisted|consists|consist|comprised|comprises|comprise|included|includes|include) (?:of )?the following)\b/i

/** What the table a sentence introduces shows ("The carrying value of goodwill by segment"), or null. */
export function tableCaptionOf(sentence: string) {
  const text = sentence
    .trim()
    .replace(/\s*\((?:in|amounts in|dollars in|\$|€|£)[^)]*\)/gi, '')
    .trim()
  const intro = TABLE_INTRO.exec(text) ?? AS_FOLLOWS.exec(text)
  const caption = intro ? intro[1]! : /:$/.test(text) && text.split(/\s+/).length <= 30 ? text : null
  return caption ? caption.replace(/[\s:.,]+$/, '') : null
}
