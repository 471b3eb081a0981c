/**
 * Time zones by their IANA names ("Europe/Amsterdam"), as browsers report them and Intl formats in.
 * Dates are stored and sent as UTC instants; a zone only changes how one is shown or typed.
 */
export const DEFAULT_TIME_ZONE = 'UTC'

// The longest IANA name has 32 characters; a longer value is refused before Intl parses it.
const MAX_TIME_ZONE_LENGTH = 64

/** Formatters by zone, made once each: the zones are the few hundred Intl knows, so the map stays small. */
const wallClocks = new Map<string, Intl.DateTimeFormat>()

function wallClock(zone: string) {
  let format = wallClocks.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    wallClocks.set(zone, format)
  }
  return format
}

// Formatters of a day by zone, made once each: building one costs more than a page's worth of dates.
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The day of an instant on the calendar of `zone`, as every page and export writes a date: "Nov 28,
 * 2026". A day with no time (a due date) is shared/calendar.ts's `calendarDay`, in the same style.
 */
export function dayIn(instant: Date | string, zone: string) {
  let format = dayFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: zone })
    dayFormats.set(zone, format)
  }
  return format.format(typeof instant === 'string' ? new Date(instant) : instant)
}

const isoDayFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The calendar day (YYYY-MM-DD) an instant falls on in `zone`: the plan's "today" and the day its
 * first task was added are the reader's, not UTC's ("Sprint 1 began Nov 28" for a task added on the
 * evening of Nov 28 in Los Angeles).
 */
export function isoDayIn(instant: Date, zone: string) {
  let format = isoDayFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone })
    isoDayFormats.set(zone, format)
  }
  const parts = format.formatToParts(instant)
  const part = (type: string) => parts.find((each) => each.type === type)!.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

// Canonical names by what was asked, so a page does not build a formatter to read its caller's zone.
// Only names Intl knows are kept, and at most this many spellings of them.
const canonicalNames = new Map<string, string>()
const MAX_CANONICAL_NAMES = 2000

/** The zone's canonical name when Intl knows it ("asia/calcutta" → "Asia/Calcutta"), else null. */
export function canonicalTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_TIME_ZONE_LENGTH || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return null
  const known = canonicalNames.get(value)
  if (known) return known
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone
    if (canonicalNames.size < MAX_CANONICAL_NAMES) canonicalNames.set(value, canonical)
    return canonical
  } catch {
    return null
  }
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>()

/** The zone's offset from UTC at `at`, as a list of zones shows it: "UTC-08:00", "UTC+05:30", "UTC+00:00". */
export function utcOffset(zone: string, at: Date) {
  let format = offsetFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    offsetFormats.set(zone, format)
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
  // Intl writes UTC itself as a bare "GMT".
  return name === 'GMT' ? 'UTC+00:00' : name.replace('GMT', 'UTC')
}

/** Every zone a user may choose, in Intl's order (by region, then city). */
export const timeZoneNames = () => {
  const names = Intl.supportedValuesOf('timeZone')
  return names.includes(DEFAULT_TIME_ZONE) ? names : [DEFAULT_TIME_ZONE, ...names]
}

/** The wall-clock reading of `instant` in `zone`, as UTC milliseconds of the same reading. */
function wallTime(instant: number, zone: string) {
  const parts = Object.fromEntries(
    wallClock(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  )
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/**
 * A `datetime-local` value ("2026-11-28T09:30") read as a time in `zone`, as a UTC instant. A time
 * the clocks skip when they go forward reads as the same number of minutes after the change.
 */
export function zonedInputToUtc(local: string, zone: string): Date | null {
  const match = LOCAL_INPUT.exec(local)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== day) return null
  // The zone's offset at the wall time taken as UTC is right except within hours of a change; the
  // offset at the first guess settles it.
  const guess = wall - (wallTime(wall, zone) - wall)
  return new Date(wall - (wallTime(guess, zone) - guess))
}

/** A UTC instant as a `datetime-local` value in `zone`, to fill a form with what it was given. */
export function utcToZonedInput(iso: string, zone: string) {
  const wall = new Date(wallTime(new Date(iso).getTime(), zone))
  return wall.toISOString().slice(0, 16)
}
