import type { Role } from '../db/schema'
import { escapeHtml } from '../mail/html'
import type { Mail } from '../mail/mailer'
import { ROLE_DISPLAY } from '../organizations/contract'

export function invitationMail(input: {
  to: string
  organizationName: string
  inviterName: string
  role: Role
  link: string
  expiresAt: Date
}): Mail {
  const role = ROLE_DISPLAY[input.role]
  const expires = input.expiresAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
  const text = [
    `${input.inviterName} invited you to join ${input.organizationName} on Exit Planner as ${role}.`,
    '',
    `Accept the invitation: ${input.link}`,
    '',
    `If you have no account yet, you can create one there. The invitation expires on ${expires}.`,
  ].join('\n')
  const html = `<p>${escapeHtml(input.inviterName)} invited you to join <strong>${escapeHtml(input.organizationName)}</strong> on Exit Planner as ${role}.</p>
<p><a href="${escapeHtml(input.link)}">Accept the invitation</a></p>
<p>If you have no account yet, you can create one there. The invitation expires on ${expires}.</p>`
  return { to: input.to, subject: `You're invited to join ${input.organizationName} on Exit Planner`, text, html }
}
