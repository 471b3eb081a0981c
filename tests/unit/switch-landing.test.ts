import { describe, expect, it } from 'vitest'

import { switchLanding } from '../../app/utils/switch-landing'

// Issue 47 item 8: switching organization keeps the user on the page they were on.
describe('where switching organization lands', () => {
  it.each([
    ['/readiness/value-gap', 'member', '/readiness/value-gap'],
    ['/readiness/checklist', 'analyst', '/readiness/checklist'],
    ['/actions', 'member', '/actions'],
    ['/documents', 'member', '/documents'],
    ['/analysis', 'analyst', '/analysis'],
    ['/admin/audit', 'admin', '/admin/audit'],
    ['/readiness/', 'admin', '/readiness'],
  ])('stays on %s as %s', (from, role, to) => {
    expect(switchLanding(from, role)).toBe(to)
  })

  it.each([
    ['/documents/42', 'admin', '/documents'],
    ['/chat/7', 'member', '/chat'],
    ['/readiness/checklist/financial-statements', 'analyst', '/readiness'],
    ['/transcriptions/3/transcript', 'member', '/transcriptions'],
  ])('leaves an item of the old organization (%s) for its section', (from, role, to) => {
    expect(switchLanding(from, role)).toBe(to)
  })

  it.each([
    ['/admin/users', 'analyst'],
    ['/analysis', 'member'],
    ['/conversation-templates/new', 'member', '/conversation-templates'],
    ['https://evil.example/x', 'admin'],
    ['//evil.example', 'admin'],
    ['', 'member'],
  ])('sends %s as %s where the role may go, else to the dashboard', (from, role, to = '/dashboard') => {
    expect(switchLanding(from, role)).toBe(to)
  })
})
