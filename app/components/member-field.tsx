import { type FieldMetadata, getSelectProps } from '@conform-to/react'
import { z } from 'zod'

import { SelectField } from '~/components/forms'

/** Who a task or a checklist item is given to: a member's id, or empty for nobody. */
export const optionalMember = () => z.coerce.number().int().positive('Choose a member').optional()

/** The choice of a member of the organization, "Nobody" first. */
export function MemberField({
  label,
  meta,
  members,
}: {
  label: string
  meta: FieldMetadata<number | string | undefined>
  members: ReadonlyArray<{ id: number; name: string }>
}) {
  return (
    <SelectField label={label} selectProps={getSelectProps(meta)} errors={meta.errors}>
      <option value="">Nobody</option>
      {members.map((member) => (
        <option key={member.id} value={member.id}>
          {member.name}
        </option>
      ))}
    </SelectField>
  )
}
