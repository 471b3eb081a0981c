import { Form, useNavigation } from '@remix-run/react'

/** Where every Convert to Conversation form posts: the list route's action. */
export const CONVERT_ACTION = '/transcriptions?index'

/**
 * Spec §2 "Meetings": Convert to Conversation, a real form (it works without JavaScript) that lands
 * in the new conversation. `returnTo` is where a failure is reported.
 */
export function ConvertForm({
  meetingId,
  title,
  returnTo,
  small = true,
}: {
  meetingId: string
  title: string
  returnTo: string
  /** Small beside a list card's other small buttons; full size beside a meeting page's. */
  small?: boolean
}) {
  const navigation = useNavigation()
  const converting =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'convert' &&
    navigation.formData.get('meetingId') === meetingId
  return (
    <Form method="post" action={CONVERT_ACTION} className="inline-form">
      <input type="hidden" name="meetingId" value={meetingId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        name="intent"
        value="convert"
        className={small ? 'button button-small' : 'button'}
        disabled={converting}
        aria-busy={converting || undefined}
      >
        {converting ? 'Converting...' : 'Convert to Conversation'}
        <span className="visually-hidden"> of {title}</span>
      </button>
    </Form>
  )
}
