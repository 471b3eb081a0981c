import type { MetaFunction } from '@remix-run/node'
import { Outlet } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ExportLinks } from '~/components/export-links'
import { type Tab, TabNav } from '~/components/tab-nav'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () =>
  pageMeta('Readiness | Exit Planner', 'How ready the business is for a buyer: assessment, value gap and checklist.')

// Each part is its own page with its own one backend call: on a slow network nobody waits for all three.
const PARTS: Tab[] = [
  { to: '/readiness', label: 'Assessment' },
  { to: '/readiness/value-gap', label: 'Value gap' },
  { to: '/readiness/checklist', label: 'Checklist', nested: true },
]

export default function Readiness() {
  return (
    <div className="page readiness">
      <div className="page-header">
        <h1>Readiness</h1>
        <ExportLinks
          label="Download the readiness report"
          href={(format) => `/resources/readiness/report?format=${format}`}
          formats={['pdf', 'docx']}
        />
      </div>
      <TabNav label="Readiness" tabs={PARTS} />
      <Outlet />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
