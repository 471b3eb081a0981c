export const DEFAULT_DESCRIPTION =
  'Exit Planner: business owners and their advisors plan the sale or hand-over of a business together, from its documents.'

/**
 * A page's title and description. Remix renders the meta of the deepest route that has any, so a
 * page that named only its title would drop the description search engines and link previews show.
 */
export function pageMeta(title: string, description = DEFAULT_DESCRIPTION) {
  return [{ title }, { name: 'description', content: description }]
}
