import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type Harness, startApi } from './support/harness'

// Small limits so each rule is reached in a few requests: 3 failures per account from one address,
// 10 per address, and a ceiling of 6 failures per account from all addresses.
let api: Harness
beforeAll(async () => {
  api = await startApi({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '10',
    LOGIN_ACCOUNT_FAILURE_CEILING: '6',
  })
})
afterAll(() => api.close())

const attempt = (username: string, password: string, address: string) =>
  api.request('/token/obtain/', { method: 'POST', json: { username, password }, address })

describe('sign-in throttling', () => {
  it('does not let a lockout attempt stop the owner signing in from a clean address', async () => {
    const attacker = '198.51.100.10'
    for (let n = 0; n < 3; n++) expect((await attempt('member', 'guess', attacker)).status).toBe(401)
    // The attacker's address is refused for this account, even with the right password...
    expect((await attempt('member', 'demo-password', attacker)).status).toBe(429)
    // ...and the owner, elsewhere, is not.
    expect((await attempt('member', 'demo-password', '198.51.100.11')).status).toBe(200)
  })

  it('counts the failures against the account, whichever name or e-mail was typed', async () => {
    const address = '198.51.100.20'
    expect((await attempt('analyst', 'guess', address)).status).toBe(401)
    expect((await attempt('ANALYST@demo.example.com', 'guess', address)).status).toBe(401)
    expect((await attempt('Analyst', 'guess', address)).status).toBe(401)
    expect((await attempt('analyst@demo.example.com', 'demo-password', address)).status).toBe(429)
  })

  it('limits an address across accounts, and unknown names are limited like real ones', async () => {
    const address = '198.51.100.30'
    for (let n = 0; n < 10; n++) expect((await attempt(`nobody-${n}`, 'guess', address)).status).toBe(401)
    expect((await attempt('admin', 'demo-password', address)).status).toBe(429)
    const unknown = '198.51.100.31'
    for (let n = 0; n < 3; n++) expect((await attempt('ghost', 'guess', unknown)).status).toBe(401)
    expect((await attempt('ghost', 'guess', unknown)).status).toBe(429)
  })

  it('keeps a ceiling per account against guessing from many addresses: past it, each address gets one guess', async () => {
    // Six attackers, one failure each, bring the account to its ceiling.
    for (let n = 0; n < 6; n++) expect((await attempt('admin', 'guess', `203.0.113.${100 + n}`)).status).toBe(401)
    // An address that has failed before is now refused for this account, right password or not.
    expect((await attempt('admin', 'demo-password', '203.0.113.100')).status).toBe(429)
    // A new address still gets its one try: a wrong guess spends it...
    expect((await attempt('admin', 'guess', '203.0.113.150')).status).toBe(401)
    expect((await attempt('admin', 'guess', '203.0.113.150')).status).toBe(429)
    // ...and the owner, from a clean address, signs in.
    expect((await attempt('admin', 'demo-password', '203.0.113.200')).status).toBe(200)
  })

  it('forgives the owner their own typos from their address once they sign in', async () => {
    const api2 = await startApi({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' })
    try {
      const home = '192.0.2.50'
      const signInAt = (password: string) =>
        api2.request('/token/obtain/', { method: 'POST', json: { username: 'member', password }, address: home })
      for (let n = 0; n < 2; n++) expect((await signInAt('typo')).status).toBe(401)
      expect((await signInAt('demo-password')).status).toBe(200)
      for (let n = 0; n < 2; n++) expect((await signInAt('typo')).status).toBe(401)
      expect((await signInAt('demo-password')).status).toBe(200)
    } finally {
      await api2.close()
    }
  })
})
