import { EXPORT_FORMAT_LABELS, type ExportFormat } from '~/utils/export-formats'

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
            Download as {EXPORT_FORMAT_LABELS[format]}
          </a>
        </li>
      ))}
    </ul>
  )
}
