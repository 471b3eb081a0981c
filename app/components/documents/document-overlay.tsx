import { useFetcher } from '@remix-run/react'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'

import type { DocumentDetailData } from '~/utils/document-detail'

import { awaitsProcessing, DocumentPanel } from './document-panel'
import { type PanelActionResult, PanelProvider } from './panel-context'
import { usePoll } from './use-poll'

/**
 * The preview overlay: a modal <dialog> (focus kept inside, Escape closes, focus returns to the
 * title that opened it) showing the same panel as /documents/{id}, loaded and updated by fetchers.
 */
export function DocumentOverlay({ documentId, onClose }: { documentId: number; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const loader = useFetcher<DocumentDetailData>()
  const actions = useFetcher<PanelActionResult>()
  const path = `/documents/${documentId}`
  const [href, setHref] = useState(`${path}?tab=preview`)

  useEffect(() => {
    opener.current = document.activeElement
    dialog.current?.showModal()
    focusTitle(dialog.current)
    return () => {
      if (opener.current instanceof HTMLElement) opener.current.focus()
    }
  }, [])

  const { load } = loader
  useEffect(() => {
    load(href)
  }, [href, load])
  // A poll's reload is not announced as "Loading...", which would be read out every few seconds;
  // what the user asks for (a tab, a page, a form) is.
  const [polling, setPolling] = useState(false)
  const navigate = (next: string) => {
    setPolling(false)
    setHref(next)
  }

  // After a form of the panel succeeds, show its result (Remix revalidates the list by itself).
  useEffect(() => {
    if (actions.state === 'idle' && actions.data?.ok) load(href)
  }, [actions.state, actions.data, href, load])

  const data = loader.data && 'document' in loader.data ? loader.data : null
  const loaded = data !== null

  // Live status and OCR progress while the shown tab waits for processing (the list waits meanwhile).
  usePoll(data !== null && awaitsProcessing(data), () => {
    if (loader.state !== 'idle') return
    setPolling(true)
    load(href)
  })

  // The loading view (and its focused title) gives way to the panel; focus follows to the panel's
  // title instead of falling back to the page behind. Later tab loads keep the panel, and focus.
  useEffect(() => {
    const box = dialog.current
    if (loaded && box && !box.contains(document.activeElement)) focusTitle(box)
  }, [loaded])

  return (
    <dialog
      ref={dialog}
      className="overlay"
      aria-labelledby="overlay-title"
      onKeyDown={keepFocusInside}
      onSubmit={() => setPolling(false)}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      {data ? (
        <PanelProvider value={{ path, navigate, actionFetcher: actions, actionResult: actions.data }}>
          <DocumentPanel
            data={data}
            titleId="overlay-title"
            headerEnd={
              <button type="button" className="button" onClick={onClose}>
                Close<span className="visually-hidden"> preview</span>
              </button>
            }
          />
        </PanelProvider>
      ) : (
        <div className="overlay-loading">
          <h2 id="overlay-title" tabIndex={-1}>
            Loading document...
          </h2>
          <button type="button" className="button" onClick={onClose}>
            Close<span className="visually-hidden"> preview</span>
          </button>
        </div>
      )}
      {loader.state === 'loading' && data && !polling ? (
        <p className="visually-hidden" role="status">
          Loading...
        </p>
      ) : null}
    </dialog>
  )
}

/** Focus on the dialog's title, so a screen reader starts at the name of what opened. */
function focusTitle(box: HTMLDialogElement | null) {
  const title = box?.querySelector<HTMLElement>('#overlay-title')
  if (!title) return
  // The panel's title is the page's heading elsewhere; here it also takes focus, from script only.
  if (!title.hasAttribute('tabindex')) title.tabIndex = -1
  title.focus()
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal <dialog> keeps focus off the page behind, but Tab past its last control still leaves for
 * the browser's own toolbar; this wraps it round to the first control (and Shift+Tab to the last).
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return
  const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0,
  )
  const first = controls[0]
  const last = controls[controls.length - 1]
  if (!first || !last) return
  const active = document.activeElement as HTMLElement | null
  if (event.shiftKey && (active === first || !active || !controls.includes(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
  }
}
