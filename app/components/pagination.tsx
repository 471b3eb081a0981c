import { AppLink } from './app-link'

/** Previous and next page links that keep the list's other parameters; nothing when all fits one page. */
export function Pagination({
  count,
  page,
  pageSize,
  search,
}: {
  count: number
  page: number
  pageSize: number
  search: URLSearchParams
}) {
  const pages = Math.ceil(count / pageSize)
  if (pages <= 1) return null
  const href = (target: number) => {
    const next = new URLSearchParams(search)
    next.set('page', String(target))
    return `?${next}`
  }
  return (
    <nav aria-label="Pages" className="pager">
      {page > 1 ? (
        <AppLink to={href(page - 1)} className="button">
          Previous page
        </AppLink>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <AppLink to={href(page + 1)} className="button">
          Next page
        </AppLink>
      ) : null}
    </nav>
  )
}
