import { Link } from '@remix-run/react'

import type { TemplatePayload as ConversationTemplate } from '#api/conversation-templates/contract'
import { plural } from '~/utils/format'

import { DeleteTemplateConfirm } from './delete-confirm'

/** A template in the list: what it is for, how long it takes, and what the user may do with it. */
export function TemplateCard({
  template,
  canEdit,
  confirming,
  deleteHref,
  cancelHref,
}: {
  template: ConversationTemplate
  canEdit: boolean
  confirming: boolean
  deleteHref: string
  cancelHref: string
}) {
  const view = `/conversation-templates/view/${template.id}`
  const titleId = `template-${template.id}-title`
  return (
    <article className="card card-list-item" aria-labelledby={titleId}>
      <p>
        <span className={`phase-badge phase-badge-${template.phaseId}`}>{template.phaseName}</span>
      </p>
      <h2 id={titleId}>
        <Link to={view}>{template.name}</Link>
      </h2>
      {template.description ? <p className="template-card-description">{template.description}</p> : null}
      <p className="template-card-meta">
        <span>{template.estimatedDuration} minutes</span>
        <span>{plural(template.sections.length, 'section')}</span>
      </p>
      {confirming ? (
        <DeleteTemplateConfirm template={template} cancelTo={cancelHref} />
      ) : (
        <div className="card-actions">
          <Link to={view} className="button button-small">
            View<span className="visually-hidden"> {template.name}</span>
          </Link>
          {canEdit ? (
            <>
              <Link to={`/conversation-templates/edit/${template.id}`} className="button button-small">
                Edit<span className="visually-hidden"> {template.name}</span>
              </Link>
              <Link to={deleteHref} className="button button-small button-danger-outline" preventScrollReset>
                Delete<span className="visually-hidden"> {template.name}</span>
              </Link>
            </>
          ) : null}
        </div>
      )}
    </article>
  )
}
