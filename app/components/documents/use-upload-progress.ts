import type { SubmissionResult } from '@conform-to/react'
import { useLocation, useMatches, useNavigate, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'

/** What is being sent, and how much of it has gone (0-100). */
export interface UploadProgress {
  label: string
  percent: number
}

/** The answer when the action gave none a form can show (network down, the action threw). */
const failed = (message: string): SubmissionResult<string[]> => ({ status: 'error', error: { '': [message] } })

/**
 * Sends an upload form with XMLHttpRequest, for the one thing fetch() cannot tell: how much of the
 * body has been sent. It posts the same multipart form to the same action as Remix's own submission
 * (the form's action URL with `_data` naming the route, so Remix answers with the action's data, or
 * with 204 and X-Remix-Redirect for a redirect) and acts on the answer as a submission would: a
 * redirect is followed (its flash cookie already set), data becomes `result`, the page's action data.
 *
 * `result` and `progress` belong to the location the upload was sent from, so any navigation (the
 * redirect's, another mode, the list's filters) drops them, as Remix drops action data; until the
 * redirect's page has loaded, the form stays busy at 100%. Without JavaScript none of this runs.
 */
export function useUploadProgress<Data>({ failure }: { failure: string }) {
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const location = useLocation()
  const matches = useMatches()
  // The page that uses this is the deepest route on screen: its action is the one the form posts to.
  const routeId = matches[matches.length - 1]!.id
  const [progress, setProgress] = useState<{ key: string; sent: UploadProgress } | null>(null)
  const [answer, setAnswer] = useState<{ key: string; data: Data | SubmissionResult<string[]> } | null>(null)
  const sending = useRef<XMLHttpRequest | null>(null)
  // Leaving the page gives up the upload, as leaving it during a plain form post would.
  useEffect(() => () => sending.current?.abort(), [])

  const send = useCallback(
    (form: HTMLFormElement, label: string) => {
      const url = new URL(form.getAttribute('action') ?? location.pathname + location.search, window.location.href)
      url.searchParams.set('_data', routeId)
      const request = new XMLHttpRequest()
      sending.current = request
      const key = location.key
      const report = (percent: number) => setProgress({ key, sent: { label, percent } })
      const settle = (data: Data | SubmissionResult<string[]>) => {
        sending.current = null
        setProgress(null)
        setAnswer({ key, data })
      }
      request.open('POST', url.href)
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) report(Math.floor((event.loaded / event.total) * 100))
      })
      request.addEventListener('load', () => {
        const redirect = request.getResponseHeader('X-Remix-Redirect')
        if (redirect) {
          sending.current = null
          const target = new URL(redirect, window.location.href)
          if (request.getResponseHeader('X-Remix-Reload-Document') || target.origin !== window.location.origin) {
            window.location.assign(target.href)
          } else navigate(target.pathname + target.search + target.hash)
          return
        }
        const thrown = request.getResponseHeader('X-Remix-Error') || request.getResponseHeader('X-Remix-Catch')
        const json = request.getResponseHeader('Content-Type')?.includes('application/json')
        if (thrown || !json) return settle(failed(failure))
        try {
          settle(JSON.parse(request.responseText) as Data)
        } catch {
          return settle(failed(failure))
        }
        // Remix reloads the page's data after an action that succeeded; a refusal (4xx) changed nothing.
        if (request.status < 400) revalidator.revalidate()
      })
      request.addEventListener('error', () => settle(failed(failure)))
      report(0)
      request.send(new FormData(form))
    },
    [failure, location, navigate, revalidator, routeId],
  )

  return {
    progress: progress?.key === location.key ? progress.sent : null,
    result: answer?.key === location.key ? answer.data : undefined,
    send,
  }
}
