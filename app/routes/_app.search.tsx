import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { useMemo, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { z } from 'zod'

import { AppLink } from '~/components/app-link'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, Field } from '~/components/forms'
import { Highlight } from '~/components/search/highlight'
import { parseForm } from '~/http/parse-form.server'
import { requireUser } from '~/services/auth.server'
import { SEARCH_FAILED, searchApi, SearchFailure, type SearchResult } from '~/services/search.server'
import searchStyles from '~/styles/search.css'
import { excerpt, highlightSegments } from '~/utils/highlight'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () =>
  pageMeta(
    'Semantic Search | Exit Planner',
    "Ask a question and find the passages of your organization's documents that answer it.",
  )

const EMPTY_QUERY = 'Please enter a search query'
const MAX_QUERY = 1000

// One schema for the loader (the query string) and the browser (before the request is even sent).
const SearchSchema = z.object({
  q: z
    .string({ required_error: EMPTY_QUERY })
    .trim()
    .min(1, EMPTY_QUERY)
    .max(MAX_QUERY, `Please shorten your question to ${MAX_QUERY} characters or fewer`),
})

// Passages longer than an excerpt also offer the whole text.
const EXCERPT_CHARS = 420
// When nothing clears the relevance floor, the few closest passages are offered, marked weak.
const CLOSEST_SHOWN = 3
const NOT_COVERED = 'No document covers this well; closest passages:'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: searchStyles }]

type LoaderData = {
  /** The query as typed (null: no search asked), results when it ran, the banner when it failed. */
  query: string | null
  lastResult: SubmissionResult<string[]>
  results: SearchResult[] | null
  error: string | null
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  const params = new URL(request.url).searchParams
  const empty: LoaderData = { query: null, lastResult: { initialValue: null }, results: null, error: null }
  if (!params.has('q')) return json(empty)
  const typed = params.get('q') ?? ''
  // Only the query is read: a link may carry other parameters (a campaign tag, say), and a search
  // is never refused for them.
  const submission = parseForm(new URLSearchParams({ q: typed }), { schema: SearchSchema })
  if (submission.status !== 'success')
    return json<LoaderData>({ ...empty, query: typed, lastResult: submission.reply() }, { status: 400 })
  const query = submission.value.q
  try {
    const results = await searchApi(request).search({ query })
    return json<LoaderData>({ ...empty, query, lastResult: submission.reply(), results })
  } catch (error) {
    if (!(error instanceof SearchFailure)) throw error
    const { query: queryErrors } = error.fieldErrors
    if (queryErrors)
      return json<LoaderData>(
        { ...empty, query: typed, lastResult: submission.reply({ fieldErrors: { q: queryErrors } }) },
        { status: 400 },
      )
    return json<LoaderData>({ ...empty, query, lastResult: submission.reply(), error: SEARCH_FAILED }, { status: 502 })
  }
}

export default function SemanticSearch() {
  const { query, lastResult, results, error } = useLoaderData<typeof loader>() as LoaderData
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [value, setValue] = useState(query ?? '')
  const [shownQuery, setShownQuery] = useState(query)
  // Back, forward or Reset brings another query: the field follows it.
  if (query !== shownQuery) {
    setShownQuery(query)
    setValue(query ?? '')
  }

  const [form, fields] = useForm({
    id: 'semantic-search',
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SearchSchema }),
  })
  const { key: _key, ...inputProps } = getInputProps(fields.q, { type: 'search', value: false })

  const next =
    navigation.state !== 'idle' && navigation.location.pathname === '/search'
      ? new URLSearchParams(navigation.location.search)
      : null
  const searching = Boolean(next?.get('q')?.trim())
  const shown = results ? shownResults(results) : null

  return (
    <div className="search-layout">
      <div className="page search-main">
        <h1>Semantic Search</h1>
        <p className="muted search-intro">
          Ask a question and find the passages of your organization's documents that answer it.
        </p>

        <Form method="get" action="/search" role="search" className="search-bar" {...getFormProps(form)}>
          <Field
            label="Ask a question about your documents"
            inputProps={{
              ...inputProps,
              value,
              onChange: (event) => setValue(event.currentTarget.value),
              placeholder: 'e.g. What is the customer concentration risk?',
              autoComplete: 'off',
              enterKeyHint: 'search',
              maxLength: MAX_QUERY,
            }}
            errors={fields.q.errors}
            errorId={fields.q.errorId}
          />
          <div className="search-actions">
            {/* Disabled only once JavaScript runs: without it the server answers an empty query with the message. */}
            <button type="submit" className="button-primary" disabled={hydrated && value === ''}>
              {searching ? 'Searching...' : 'Search'}
            </button>
            {/* Submits the empty form below: a plain GET /search, with or without JavaScript. */}
            <button
              type="submit"
              form="search-reset"
              className="button"
              onClick={() => document.getElementById(fields.q.id)?.focus()}
            >
              Reset
            </button>
          </div>
          <ErrorList id={fields.q.errorId} errors={fields.q.errors} />
        </Form>
        <Form id="search-reset" method="get" action="/search" hidden onSubmit={() => setValue('')} />

        {error ? (
          <div className="alert alert-error" role="alert">
            <p>{error}</p>
          </div>
        ) : null}

        <section className="search-results" aria-labelledby="search-results-title" aria-busy={searching || undefined}>
          <h2 id="search-results-title" className="visually-hidden">
            Results
          </h2>
          <p
            role="status"
            className={shown?.matched === false ? 'search-summary search-summary-empty' : 'search-summary'}
          >
            {shown && query ? summaryOf(shown, query) : null}
          </p>
          {results?.length === 0 ? (
            <p className="muted">Try other words, or check that your documents have finished processing.</p>
          ) : null}
          {shown?.list.length && query ? (
            <ol className="search-result-list">
              {shown.list.map((result) => (
                <ResultItem key={result.chunk_id} result={result} query={query} />
              ))}
            </ol>
          ) : null}
        </section>
      </div>

      <section className="card search-tips" aria-labelledby="search-tips-title">
        <h2 id="search-tips-title">Search tips</h2>
        <ul>
          <li>Ask in your own words, as you would ask a colleague.</li>
          <li>Name the figure and the period you need, e.g. “EBITDA margin in 2023”.</li>
          <li>Use the exact terms of the document for names, products and numbers.</li>
          <li>Ask about one topic at a time; follow up with a second search.</li>
          <li>Only processed documents of your current organization are searched.</li>
        </ul>
      </section>
    </div>
  )
}

/**
 * The matches, or when none clears the relevance floor the few closest passages, marked weak: a
 * question no document answers is told so, not given five unrelated passages as results.
 */
function shownResults(results: SearchResult[]) {
  const matches = results.filter((result) => !result.weak)
  if (matches.length || !results.length) return { matched: matches.length > 0, list: matches }
  return { matched: false, list: results.slice(0, CLOSEST_SHOWN) }
}

function summaryOf({ matched, list }: { matched: boolean; list: SearchResult[] }, query: string) {
  if (list.length === 0) return 'No results found'
  if (!matched) return NOT_COVERED
  return `${list.length} result${list.length === 1 ? '' : 's'} for “${query}”`
}

function ResultItem({ result, query }: { result: SearchResult; query: string }) {
  const { shown, whole } = useMemo(() => {
    const shown = excerpt(result.text, query, EXCERPT_CHARS)
    return { shown, whole: shown.cut ? highlightSegments(result.text.trim(), query) : null }
  }, [result.text, query])
  return (
    <li className={result.weak ? 'search-result search-result-weak' : 'search-result'}>
      <div className="search-result-header">
        <h3 className="search-result-title">
          <AppLink to={`/documents/${result.document_id}`}>{result.document_title}</AppLink>
        </h3>
        {/* A weak passage's percentage is what made it look like an answer: it is named weak instead. */}
        {result.weak ? (
          <span className="search-result-score search-result-score-weak">Weak match</span>
        ) : (
          <span className="search-result-score">{Math.round(result.score * 100)}% match</span>
        )}
      </div>
      {result.page_number !== null ? (
        <p className="search-result-location">
          <AppLink to={`/documents/${result.document_id}?page=${result.page_number}`}>
            Page {result.page_number}
          </AppLink>
        </p>
      ) : result.sheet_name ? (
        <p className="search-result-location">Sheet: {result.sheet_name}</p>
      ) : null}
      <p className="search-result-text">
        <Highlight segments={shown.segments} />
      </p>
      {whole ? (
        <details className="search-result-more">
          <summary>Show the whole passage</summary>
          <p className="search-result-passage">
            <Highlight segments={whole} />
          </p>
        </details>
      ) : null}
    </li>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
