import { Link } from '@remix-run/react'

import { ErrorPage } from '~/components/error-boundary'

const BackToTemplates = () => (
  <Link to="/conversation-templates" className="button">
    Back to Templates
  </Link>
)

/** The template pages' own error pages (spec §4 "Templates and meetings"). */
export const templateStatusHandlers = {
  404: () => (
    <ErrorPage title="Template not found" actions={<BackToTemplates />}>
      <p>It does not exist, was deleted, or belongs to another organization.</p>
    </ErrorPage>
  ),
  502: () => (
    <ErrorPage title="Failed to load template" actions={<BackToTemplates />}>
      <p className="alert alert-error" role="alert">
        Failed to load template
      </p>
    </ErrorPage>
  ),
}
