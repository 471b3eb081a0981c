/**
 * Text from a document or a user, on one line, written so that a Markdown renderer (CommonMark,
 * GitHub's, markdown-it, marked, the original Markdown.pl) shows it as written: no HTML, emphasis,
 * code, link, image, table cell, heading or list of its own.
 *
 * `<`, `>` and `&` become HTML entities, which every renderer passes through as the characters;
 * the rest of the Markdown syntax is backslash-escaped, as CommonMark allows for any ASCII
 * punctuation. The colon after a scheme is escaped too (`javascript\:`), so that no URL of a
 * dangerous scheme is left in the file for a later tool to pick up. `-`, `+`, `=` or `1.` opening
 * the text would start a list or underline a heading where the text starts a line. A bare
 * `https://` address may still be made a link by a renderer that links addresses in text
 * (remark-gfm does, after escapes are read): its words are then the address itself.
 */
export function literalMarkdown(text: string) {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~#]/g, '\\$&')
    .replace(/\b([a-z][a-z\d+.-]*):(?=\S)/gi, '$1\\:')
    .replace(/^([-+=])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2')
}
