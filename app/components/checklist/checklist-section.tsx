import type { ChecklistPayload as Checklist } from '#api/readiness/checklist/contract'
import { CHECKLIST_SECTIONS } from '#shared/checklist'
import { plural } from '~/utils/format'

import { AddItemForm } from './add-item-form'
import { ChecklistItemCard, type ListedItem, listedItem } from './checklist-item'
import type { LastSubmission } from './schemas'

/**
 * What the list shows of the checklist: not the members, the documents to link, nor the items'
 * state only their own pages use, so the list does not grow with the organization's documents.
 */
export interface ListedChecklist extends Pick<Checklist, 'completeness' | 'documents_checked'> {
  items: ListedItem[]
}

/** The checklist as the list shows it. */
export const listedChecklist = (checklist: Checklist): ListedChecklist => ({
  completeness: checklist.completeness,
  documents_checked: checklist.documents_checked,
  items: checklist.items.map(listedItem),
})

const sectionId = (section: string) => `checklist-${section.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`

/** The due-diligence checklist: the completeness figure, then the items by section. */
export function ChecklistSection({
  checklist,
  canEdit,
  last,
}: {
  checklist: ListedChecklist
  canEdit: boolean
  last: LastSubmission | undefined
}) {
  const { completeness } = checklist
  return (
    <section aria-labelledby="checklist-heading" className="checklist">
      <h2 id="checklist-heading">Due-diligence checklist</h2>
      <div className="checklist-summary card">
        <p className="checklist-figure" id="checklist-figure">
          <strong>{completeness.text}</strong>
        </p>
        {/* A progress element, not a styled width: the page's CSP allows no inline styles. */}
        <progress
          className="checklist-bar"
          max={Math.max(completeness.applicable, 1)}
          value={completeness.provided}
          aria-labelledby="checklist-figure"
        />
        <p className="checklist-counts">
          {plural(completeness.probable, 'item')} to confirm, {completeness.stale} stale, {completeness.missing} missing
          {completeness.not_applicable ? `, ${completeness.not_applicable} not applicable (not counted)` : ''}.
        </p>
        <p className="field-help">
          A buyer&rsquo;s standard request list, matched to {plural(checklist.documents_checked, 'document')} by title,
          category, what their tables hold and the opening of their text each time this page is shown. An item is stale
          when the date its document states is over a year old.
          {canEdit ? ' Manage an item to assign it, confirm or link its document, or set it aside.' : ''}
        </p>
      </div>
      {CHECKLIST_SECTIONS.map((section) => {
        const items = checklist.items.filter((item) => item.section === section)
        if (!items.length) return null
        return (
          <section key={section} aria-labelledby={sectionId(section)} className="checklist-group">
            <h3 id={sectionId(section)}>{section}</h3>
            <ul className="checklist-items">
              {items.map((item) => (
                <ChecklistItemCard key={item.key} item={item} canEdit={canEdit} />
              ))}
            </ul>
          </section>
        )
      })}
      {canEdit ? <AddItemForm lastResult={last?.intent === 'add-item' ? last.result : undefined} /> : null}
    </section>
  )
}
