/** The audit log of administrative actions (decision 019): the actions both tiers name. */

export const AUDIT_ACTIONS = [
  'member.invited',
  'invitation.resent',
  'invitation.revoked',
  'member.role_changed',
  'member.removed',
  'organization.created',
  'organization.updated',
  'organization.deleted',
  'document.deleted',
  'template.deleted',
  'meeting.deleted',
  'conversation.deleted',
  'user.email_changed',
  'user.password_changed',
  'checklist.item_added',
  'checklist.item_updated',
  'checklist.item_removed',
  'assessment.answered',
  'assessment.completed',
  'value_gap.updated',
  'task.added',
  'task.updated',
  'task.removed',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** Each action as the audit page words it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'member.invited': 'Invited a member',
  'invitation.resent': 'Resent an invitation',
  'invitation.revoked': 'Cancelled an invitation',
  'member.role_changed': 'Changed a member’s role',
  'member.removed': 'Removed a member',
  'organization.created': 'Created the organization',
  'organization.updated': 'Updated the organization',
  'organization.deleted': 'Deleted the organization',
  'document.deleted': 'Deleted a document',
  'template.deleted': 'Deleted a conversation template',
  'meeting.deleted': 'Deleted a meeting',
  'conversation.deleted': 'Deleted a conversation',
  'user.email_changed': 'Changed their e-mail address',
  'user.password_changed': 'Changed their password',
  'checklist.item_added': 'Added a checklist item',
  'checklist.item_updated': 'Updated a checklist item',
  'checklist.item_removed': 'Removed a checklist item',
  'assessment.answered': 'Answered the readiness assessment',
  'assessment.completed': 'Completed a readiness assessment',
  'value_gap.updated': 'Updated the value gap',
  'task.added': 'Added a task to the action plan',
  'task.updated': 'Updated a task',
  'task.removed': 'Removed a task',
}

export const isAuditAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value)
