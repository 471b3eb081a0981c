import { Link } from '@remix-run/react'

/** Invitations are matched to confirmed addresses only; this tells an unconfirmed account why none show. */
export function UnconfirmedEmailNotice({ email }: { email: string }) {
  return (
    <p className="notice">
      Invitations sent to {email} show here once you confirm that address:{' '}
      <Link to="/profile">confirm it on your profile</Link>, or follow the link in the invitation e-mail.
    </p>
  )
}
