/** The files one result can be downloaded as, by format; each a link to a resource route. */
const LABELS = { pdf: 'PDF', docx: 'Word', md: 'Markdown' } as const

export type ExportFormat = keyof typeof LABELS

/**
 * Download links for each format. They are plain links with `download`: the browser saves the file
 * without leaving the page, with or without JavaScript.
 */
export function ExportLinks({
  href,
  formats,
  label,
}: {
  href: (format: ExportFormat) => string
  formats: ExportFormat[]
  label: string
}) {
  return (
    <ul className="export-links" aria-label={label}>
      {formats.map((format) => (
        <li key={format}>
          <a className="button button-small button-secondary" href={href(format)} download>
            Download as {LABELS[format]}
          </a>
        </li>
      ))}
    </ul>
  )
}
