import { Form, useNavigation } from '@remix-run/react'

/** Where every Convert to Conversation form posts: the list route's action. */
export const CONVERT_ACTION = '/transcriptions?index'

/**
 * Spec §2 "Meetings": Convert to Conversation, a real form (it works without JavaScript) that lands
 * in the new conversation. `returnTo` is where a failure is reported.
 */
export function ConvertForm({ meetingId, title, returnTo }: { meetingId: string; title: string; returnTo: string }) {
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
        className="button button-small"
        disabled={converting}
        aria-busy={converting || undefined}
      >
        {converting ? 'Converting...' : 'Convert to Conversation'}
        <span className="visually-hidden"> of {title}</span>
      </button>
    </Form>
  )
}
