import { DEFAULT_TIME_ZONE } from '#shared/time-zones'
import { formatDate } from '~/utils/format'

/**
 * A due date is a calendar day, shown as written whatever the reader's zone (noon UTC keeps it on
 * its own day in every zone's calendar).
 */
export const calendarDay = (day: string) => formatDate(`${day}T12:00:00Z`, DEFAULT_TIME_ZONE)
