import { escapeHtml } from '../mail/html'
import type { Mail } from '../mail/mailer'

/** To the new address: the link that proves the requester reads mail there. */
export function emailConfirmationMail(input: {
  to: string
  username: string
  link: string
  expiresAt: Date
  /** The account's own zone when it chose one; the time then names it. */
  timeZone: string | null
}): Mail {
  const expires = input.expiresAt.toLocaleString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: input.timeZone ?? 'UTC',
    timeZoneName: 'short',
  })
  const text = [
    `The Exit Planner account "${input.username}" asked to use ${input.to} as its e-mail address.`,
    '',
    `Confirm it here (you will be asked to sign in to that account): ${input.link}`,
    '',
    `The link works until ${expires}. If you did not ask for this, ignore this message: nothing changes.`,
  ].join('\n')
  const html = `<p>The Exit Planner account <strong>${escapeHtml(input.username)}</strong> asked to use ${escapeHtml(input.to)} as its e-mail address.</p>
<p><a href="${escapeHtml(input.link)}">Confirm this e-mail address</a> (you will be asked to sign in to that account).</p>
<p>The link works until ${expires}. If you did not ask for this, ignore this message: nothing changes.</p>`
  return { to: input.to, subject: 'Confirm your new e-mail address for Exit Planner', text, html }
}

/** To the old address, once the change is done: the owner learns of it even if it was not them. */
export function emailChangedMail(input: { to: string; username: string; newEmail: string; supportHint: string }): Mail {
  const text = [
    `The e-mail address of the Exit Planner account "${input.username}" was changed from ${input.to} to ${input.newEmail}.`,
    '',
    `If you did not make this change, ${input.supportHint}`,
  ].join('\n')
  const html = `<p>The e-mail address of the Exit Planner account <strong>${escapeHtml(input.username)}</strong> was changed from ${escapeHtml(input.to)} to ${escapeHtml(input.newEmail)}.</p>
<p>If you did not make this change, ${escapeHtml(input.supportHint)}</p>`
  return { to: input.to, subject: 'Your Exit Planner e-mail address was changed', text, html }
}
