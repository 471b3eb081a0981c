import { Form, useNavigation } from '@remix-run/react'

/**
 * Accept and Decline for one invitation. While any invitation action is on its way, every
 * invitation button is disabled (spec §4: one invitation action at a time).
 */
export function InvitationActions({
  invitationId,
  organizationName,
}: {
  invitationId: number
  organizationName: string
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' && ['accept', 'decline'].includes(String(navigation.formData?.get('intent') ?? ''))
  const mine = busy && Number(navigation.formData?.get('invitationId')) === invitationId
  return (
    <Form method="post" className="inline-actions">
      <input type="hidden" name="invitationId" value={invitationId} />
      <button
        type="submit"
        name="intent"
        value="accept"
        className="button-primary"
        disabled={busy}
        aria-label={`Accept the invitation to ${organizationName}`}
      >
        {mine && navigation.formData?.get('intent') === 'accept' ? 'Accepting...' : 'Accept'}
      </button>
      <button
        type="submit"
        name="intent"
        value="decline"
        disabled={busy}
        aria-label={`Decline the invitation to ${organizationName}`}
      >
        {mine && navigation.formData?.get('intent') === 'decline' ? 'Declining...' : 'Decline'}
      </button>
    </Form>
  )
}
