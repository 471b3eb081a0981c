import { z } from 'zod'

import { type Control, SelectField, selectProps } from '~/components/forms'

/** Who a task or a checklist item is given to: a member's id, or empty for nobody. */
export const optionalMember = () => z.coerce.number().int().positive('Choose a member').optional()

/** The choice of a member of the organization, "Nobody" first. */
export function MemberField({
  label,
  control,
  members,
}: {
  label: string
  control: Control
  members: ReadonlyArray<{ id: number; name: string }>
}) {
  return (
    <SelectField label={label} selectProps={selectProps(control)} errors={control.errors}>
      <option value="">Nobody</option>
      {members.map((member) => (
        <option key={member.id} value={member.id}>
          {member.name}
        </option>
      ))}
    </SelectField>
  )
}
