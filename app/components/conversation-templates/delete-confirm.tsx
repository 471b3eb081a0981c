import { Form, Link } from '@remix-run/react'

/** The confirm step of a delete (spec §2), a page of its own without JavaScript. */
export function DeleteTemplateConfirm({
  template,
  cancelTo,
}: {
  template: { id: string; name: string }
  cancelTo: string
}) {
  const headingId = `delete-${template.id}`
  return (
    <section className="confirm" aria-labelledby={headingId}>
      <h2 id={headingId}>Delete "{template.name}"?</h2>
      <p>Are you sure you want to delete this template? This action cannot be undone.</p>
      <Form method="post" className="form-actions" preventScrollReset>
        <input type="hidden" name="id" value={template.id} />
        <Link to={cancelTo} className="button" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" name="intent" value="delete" className="button button-danger" autoFocus>
          Delete template
        </button>
      </Form>
    </section>
  )
}
