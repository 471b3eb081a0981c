import { Field } from '~/components/forms'
import { useDates } from '~/components/use-dates'
import type { DocumentDetailData } from '~/utils/document-detail'
import { ACCEPTED_FILE_TYPES, formatSize } from '~/utils/documents'
import { displayName } from '~/utils/format'

import { PanelForm, PanelGetForm, usePanel } from './panel-context'

/** Real versions: each upload of a new file, with download, restore and a text diff of two. */
export function VersionsTab({ data }: { data: DocumentDetailData }) {
  const { formatDateTime } = useDates()
  const { document, versions = [], comparison, compareError, canEdit } = data
  const { actionResult } = usePanel()
  const list = versions ?? []
  const enough = list.length >= 2
  const fileErrors = actionResult?.errors?.file
  return (
    <div className="versions">
      <div className="table-scroll" role="region" tabIndex={0} aria-label="All versions">
        <table className="table">
          <caption className="visually-hidden">Versions of {document.title}</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Uploaded</th>
              <th scope="col">By</th>
              <th scope="col">Size</th>
              <th scope="col">Changes</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((version) => (
              <tr key={version.id}>
                <th scope="row">
                  v{version.version_number} {version.is_current ? <span className="badge">Current</span> : null}
                </th>
                <td>{formatDateTime(version.created_at)}</td>
                <td>{version.created_by ? displayName(version.created_by) : 'Unknown'}</td>
                <td>{formatSize(version.size)}</td>
                <td>{version.changes}</td>
                <td className="row-actions">
                  <a href={`/resources/documents/${document.id}/download?version=${version.id}`} download>
                    Download<span className="visually-hidden"> version {version.version_number}</span>
                  </a>
                  {canEdit && !version.is_current ? (
                    <PanelForm tab="versions" className="inline-form">
                      <input type="hidden" name="version_id" value={version.id} />
                      <button type="submit" name="intent" value="restore" className="link-button">
                        Restore<span className="visually-hidden"> version {version.version_number}</span>
                      </button>
                    </PanelForm>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Compare versions</h2>
      {/* Keyed on the versions, so the defaults (the two newest) follow a version uploaded in place. */}
      <PanelGetForm className="inline-fields" key={list.map((version) => version.id).join('-')}>
        <input type="hidden" name="tab" value="versions" />
        <div className="field">
          <label htmlFor={`from-${document.id}`}>From</label>
          <select id={`from-${document.id}`} name="from" defaultValue={list[1]?.id} disabled={!enough}>
            {list.map((version) => (
              <option key={version.id} value={version.id}>
                v{version.version_number}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`to-${document.id}`}>To</label>
          <select id={`to-${document.id}`} name="to" defaultValue={list[0]?.id} disabled={!enough}>
            {list.map((version) => (
              <option key={version.id} value={version.id}>
                v{version.version_number}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="button"
          disabled={!enough}
          aria-describedby={enough ? undefined : `compare-help-${document.id}`}
        >
          Compare
        </button>
      </PanelGetForm>
      {enough ? null : (
        <p id={`compare-help-${document.id}`} className="field-help">
          Need at least 2 versions to compare
        </p>
      )}
      {compareError ? (
        <p className="alert alert-error" role="alert">
          {compareError}
        </p>
      ) : null}
      {comparison ? (
        <div
          className="diff"
          aria-label={`Changes from v${comparison.from} to v${comparison.to}`}
          role="region"
          tabIndex={0}
        >
          <p>
            v{comparison.from} → v{comparison.to}: {comparison.added_lines} lines added, {comparison.removed_lines}{' '}
            lines removed
          </p>
          <pre>
            {comparison.changes.map((change, index) =>
              change.type === 'added' ? (
                <ins key={index}>{change.text}</ins>
              ) : change.type === 'removed' ? (
                <del key={index}>{change.text}</del>
              ) : (
                <span key={index}>{change.text}</span>
              ),
            )}
          </pre>
        </div>
      ) : null}

      {canEdit ? (
        <PanelForm tab="versions" encType="multipart/form-data" className="form">
          <h2>Upload a new version</h2>
          <Field
            label="File"
            inputProps={{
              id: `version-file-${document.id}`,
              name: 'file',
              type: 'file',
              accept: ACCEPTED_FILE_TYPES,
              required: true,
            }}
            errors={fileErrors}
          />
          <Field
            label="What changed"
            inputProps={{
              id: `changes-${document.id}`,
              name: 'changes',
              type: 'text',
              maxLength: 500,
              defaultValue: actionResult?.values?.changes,
            }}
          />
          <button type="submit" className="button-primary">
            Upload version
          </button>
        </PanelForm>
      ) : null}
    </div>
  )
}
