import { getFormProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { z } from 'zod'

import { canonicalTimeZone } from '#shared/time-zones'

import { ErrorList, SelectField } from './forms'
import { TimeZoneHelp } from './time-zone-help'
import { useTimeZone } from './use-dates'

/** A zone and its offset from UTC today, as the server's time-zone data has it. */
export type ZoneOffset = { zone: string; offset: string }

/** Empty is "automatic": the browser's zone. */
export const TimeZoneSettingsSchema = z.object({
  time_zone: z
    .string()
    .max(64, 'Choose a time zone from the list')
    .refine((zone) => canonicalTimeZone(zone) !== null, 'Choose a time zone from the list')
    .optional(),
})

// Intl keeps some zones under their old CLDR names; the list shows the city as people now write it,
// so someone in Kolkata finds it by typing "Kol".
const RENAMED: Record<string, string> = {
  'Africa/Asmera': 'Asmara (Asmera)',
  'America/Godthab': 'Nuuk (Godthab)',
  'Asia/Calcutta': 'Kolkata (Calcutta)',
  'Asia/Katmandu': 'Kathmandu (Katmandu)',
  'Asia/Rangoon': 'Yangon (Rangoon)',
  'Asia/Saigon': 'Ho Chi Minh City (Saigon)',
  'Atlantic/Faeroe': 'Faroe Islands (Faeroe)',
  'Europe/Kiev': 'Kyiv (Kiev)',
  'Pacific/Enderbury': 'Kanton (Enderbury)',
  'Pacific/Ponape': 'Pohnpei (Ponape)',
  'Pacific/Truk': 'Chuuk (Truk)',
}

/**
 * "America/Argentina/Buenos_Aires" → region "America", place "Argentina / Buenos Aires, UTC-03:00":
 * the offset as it is today, so someone who knows only theirs finds their zone.
 */
function byRegion(zones: ZoneOffset[]) {
  const regions = new Map<string, { zone: string; place: string }[]>()
  for (const { zone, offset } of zones) {
    const [region, ...place] = zone.split('/')
    const key = place.length ? region! : 'Other'
    const name = RENAMED[zone] ?? (place.join(' / ') || zone).replaceAll('_', ' ')
    regions.set(key, [...(regions.get(key) ?? []), { zone, place: `${name}, ${offset}` }])
  }
  return [...regions].map(
    ([region, places]) => [region, places.sort((a, b) => a.place.localeCompare(b.place))] as const,
  )
}

/**
 * The zone times are shown and typed in. Automatic follows the browser, which tells it only when
 * JavaScript runs; a zone chosen here holds on every device, with or without it.
 */
export function TimeZoneSettings({
  zones,
  chosen,
  lastResult,
}: {
  /** The zones to offer with their offsets, from the server, so the list the page was drawn with is the one it runs with. */
  zones: ZoneOffset[]
  chosen: string | null
  lastResult?: SubmissionResult<string[]> | null
}) {
  const navigation = useNavigation()
  const timeZone = useTimeZone()
  const [form, fields] = useForm({
    id: 'time-zone-form',
    lastResult,
    defaultValue: { time_zone: chosen ?? '' },
    constraint: getZodConstraint(TimeZoneSettingsSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TimeZoneSettingsSchema }),
  })
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'set-time-zone'
  return (
    <section className="page" aria-labelledby="time-zone-title" id="time-zone">
      <h2 id="time-zone-title">Time zone</h2>
      <Form method="post" {...getFormProps(form)} className="form">
        <input type="hidden" name="intent" value="set-time-zone" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SelectField
          label="Show and enter times in"
          selectProps={getSelectProps(fields.time_zone)}
          errors={fields.time_zone.errors}
          help={<TimeZoneHelp {...timeZone} onProfile />}
        >
          <option value="">Automatic (the browser&apos;s)</option>
          {byRegion(zones).map(([region, places]) => (
            <optgroup key={region} label={region}>
              {places.map(({ zone, place }) => (
                <option key={zone} value={zone}>
                  {place}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save time zone'}
          </button>
        </div>
      </Form>
    </section>
  )
}
