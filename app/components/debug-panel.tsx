import { useEffect, useState } from 'react'

import { type AuthLogEntry, clearAuthLog, readAuthLog } from '~/utils/auth-log'

const REFRESH_MS = 1000

/** The hidden authentication log: Alt+D toggles it; it re-reads the log every second while open. */
export function DebugPanel() {
  const [open, setOpen] = useState(false)
  const [expanded, setExpanded] = useState(true)
  const [entries, setEntries] = useState<AuthLogEntry[]>([])

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyD') {
        event.preventDefault()
        setEntries(readAuthLog())
        setOpen((value) => !value)
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  useEffect(() => {
    if (!open) return
    const timer = setInterval(() => setEntries(readAuthLog()), REFRESH_MS)
    return () => clearInterval(timer)
  }, [open])

  if (!open) return null
  return (
    <section className="debug-panel" aria-label="Authentication debug log">
      <header className="debug-panel-header">
        <h2>Auth debug log ({entries.length})</h2>
        <div className="debug-panel-actions">
          <button type="button" onClick={() => setExpanded((value) => !value)} aria-expanded={expanded}>
            {expanded ? 'Collapse' : 'Expand'}
          </button>
          <button
            type="button"
            onClick={() => {
              clearAuthLog()
              setEntries([])
            }}
          >
            Clear
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      </header>
      {expanded ? (
        entries.length === 0 ? (
          <p className="debug-panel-empty">No authentication events yet.</p>
        ) : (
          <ol className="debug-panel-list">
            {[...entries].reverse().map((entry, index) => (
              <li key={`${entry.timestamp}-${index}`} className={`debug-entry debug-entry-${entry.type}`}>
                <span className="debug-entry-time">{new Date(entry.timestamp).toLocaleTimeString('en-US')}</span>{' '}
                <span className="debug-entry-source">[{entry.source}]</span>{' '}
                <span className="debug-entry-type">{entry.type}</span> {entry.message}
                {entry.data !== undefined ? (
                  <pre className="debug-entry-data">{JSON.stringify(entry.data, null, 2)}</pre>
                ) : null}
              </li>
            ))}
          </ol>
        )
      ) : null}
    </section>
  )
}
