import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { ConfigError, loadApiConfig } from '../../api/kernel/config'
import { withGeneratedSecrets } from '../../runtime/secrets'

const secret = 'x'.repeat(32)

describe('loadApiConfig', () => {
  it('applies the defaults', () => {
    const config = loadApiConfig({ JWT_SECRET: secret })
    expect(config).toMatchObject({
      DATA_DIR: './data',
      ACCESS_TOKEN_TTL_SECONDS: 300,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: 5,
      INVITATION_TTL_DAYS: 7,
      TRUST_PROXY: false,
      GOOGLE_ISSUERS: ['https://accounts.google.com', 'accounts.google.com'],
    })
  })

  it('treats empty variables as unset', () => {
    expect(loadApiConfig({ JWT_SECRET: secret, ACCESS_TOKEN_TTL_SECONDS: '' }).ACCESS_TOKEN_TTL_SECONDS).toBe(300)
  })

  it('names every bad variable in one message', () => {
    const attempt = () =>
      loadApiConfig({
        JWT_SECRET: 'short',
        ACCESS_TOKEN_TTL_SECONDS: '-3',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
      })
    expect(attempt).toThrow(ConfigError)
    try {
      attempt()
    } catch (error) {
      const message = (error as Error).message
      expect(message).toContain('JWT_SECRET: must be at least 32 characters')
      expect(message).toContain('ACCESS_TOKEN_TTL_SECONDS: must be a positive whole number')
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL')
      expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL')
    }
  })

  it('reports a missing JWT secret', () => {
    expect(() => loadApiConfig({})).toThrow(/JWT_SECRET/)
  })

  it('seeds the demo organization with the default password unless told otherwise', () => {
    expect(loadApiConfig({ JWT_SECRET: secret })).toMatchObject({
      SEED_DEMO: true,
      DEMO_PASSWORD: 'demo-password',
      JOB_POLL_MS: 1000,
    })
    expect(loadApiConfig({ JWT_SECRET: secret, SEED_DEMO: 'false', DEMO_PASSWORD: 'another-secret' })).toMatchObject({
      SEED_DEMO: false,
      DEMO_PASSWORD: 'another-secret',
    })
  })

  it('takes the API port from API_PORT, else PORT, and accepts 0 for any free port', () => {
    expect(loadApiConfig({ JWT_SECRET: secret }).API_PORT).toBeUndefined()
    expect(loadApiConfig({ JWT_SECRET: secret, API_PORT: '0' }).API_PORT).toBe(0)
    expect(loadApiConfig({ JWT_SECRET: secret, API_PORT: '4100', PORT: '8080' })).toMatchObject({
      API_PORT: 4100,
      PORT: 8080,
    })
  })

  it('names a bad demo flag, demo password, port or poll interval', () => {
    const attempt = () =>
      loadApiConfig({
        JWT_SECRET: secret,
        SEED_DEMO: 'no',
        DEMO_PASSWORD: 'short',
        API_PORT: '70000',
        JOB_POLL_MS: '0',
      })
    expect(attempt).toThrow(ConfigError)
    const message = (() => {
      try {
        attempt()
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(message).toContain('SEED_DEMO: must be true or false')
    expect(message).toContain('DEMO_PASSWORD: must be at least 8 characters')
    expect(message).toContain('API_PORT: must be a port number from 0 to 65535')
    expect(message).toContain('JOB_POLL_MS: must be a positive whole number')
  })

  it('limits chat by default, and refuses a chat limit that is not a positive whole number or an organization’s below a user’s', () => {
    expect(loadApiConfig({ JWT_SECRET: secret })).toMatchObject({
      CHAT_QUESTIONS_PER_MINUTE_PER_USER: 20,
      CHAT_QUESTIONS_PER_MINUTE_PER_ORGANIZATION: 60,
      CHAT_ANSWERS_AT_ONCE_PER_USER: 3,
      CHAT_ANSWERS_AT_ONCE_PER_ORGANIZATION: 10,
    })
    expect(() => loadApiConfig({ JWT_SECRET: secret, CHAT_ANSWERS_AT_ONCE_PER_USER: '0' })).toThrow(
      'CHAT_ANSWERS_AT_ONCE_PER_USER: must be a positive whole number',
    )
    expect(() =>
      loadApiConfig({
        JWT_SECRET: secret,
        CHAT_QUESTIONS_PER_MINUTE_PER_USER: '60',
        CHAT_QUESTIONS_PER_MINUTE_PER_ORGANIZATION: '20',
      }),
    ).toThrow('CHAT_QUESTIONS_PER_MINUTE_PER_ORGANIZATION: must be at least CHAT_QUESTIONS_PER_MINUTE_PER_USER (60)')
  })

  it('keeps files on the disk unless S3_BUCKET is set, and reads the S3 settings with their defaults', () => {
    const defaults = loadApiConfig({ JWT_SECRET: secret })
    expect(defaults.S3_BUCKET).toBeUndefined()
    expect(defaults).toMatchObject({
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      S3_PREFIX: '',
    })
    expect(
      loadApiConfig({
        JWT_SECRET: secret,
        S3_BUCKET: 'exit-planner-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'key-id',
        S3_SECRET_ACCESS_KEY: 'secret-key',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: '/tenants/exit-planner/',
      }),
    ).toMatchObject({
      S3_BUCKET: 'exit-planner-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-3',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'tenants/exit-planner/',
    })
  })

  it('names each bad S3 setting, and those that only make sense together', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadApiConfig({ JWT_SECRET: secret, ...env })
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError)
        return (error as Error).message
      }
      throw new Error('the configuration was accepted')
    }
    const bad = message({
      S3_BUCKET: 'Not_A_Bucket',
      S3_ENDPOINT: 'ftp://files.example',
      S3_REGION: 'EU West',
      S3_FORCE_PATH_STYLE: 'yes',
      S3_PREFIX: 'a/../b',
    })
    expect(bad).toContain('S3_BUCKET: must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens')
    expect(bad).toContain('S3_ENDPOINT: must be an http:// or https:// URL')
    expect(bad).toContain('S3_REGION: must be a region name such as us-east-1')
    expect(bad).toContain('S3_FORCE_PATH_STYLE: must be true or false')
    expect(bad).toContain('S3_PREFIX: must not contain ..')
    expect(message({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toContain(
      'S3_BUCKET: is required when S3_ENDPOINT is set',
    )
    expect(message({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key-id' })).toContain(
      'S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set',
    )
    expect(message({ S3_BUCKET: 'files', S3_SECRET_ACCESS_KEY: 'secret-key' })).toContain(
      'S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set',
    )
    expect(message({ S3_BUCKET: 'files', MAX_UPLOAD_MB: '6000' })).toContain(
      'MAX_UPLOAD_MB: must be at most 5120 when S3_BUCKET is set',
    )
    expect(loadApiConfig({ JWT_SECRET: secret, MAX_UPLOAD_MB: '6000' }).MAX_UPLOAD_MB).toBe(6000)
  })
})

describe('withGeneratedSecrets', () => {
  it('generates missing secrets once, keeps them private in DATA_DIR, and reuses them', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'secrets-'))
    const first = withGeneratedSecrets({ DATA_DIR: dataDir })
    expect(first.JWT_SECRET!.length).toBeGreaterThanOrEqual(32)
    expect(first.SESSION_SECRET).not.toBe(first.JWT_SECRET)
    const file = path.join(dataDir, 'secrets.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(file, 'utf8')).JWT_SECRET).toBe(first.JWT_SECRET)
    const second = withGeneratedSecrets({ DATA_DIR: dataDir })
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET)
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET)
  })

  it('leaves configured secrets alone', () => {
    const env = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'secrets-')),
      JWT_SECRET: secret,
      SESSION_SECRET: 'a'.repeat(20),
    }
    expect(withGeneratedSecrets(env)).toBe(env)
  })

  it('generates none for instances sharing a PostgreSQL, naming the secrets to set', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'secrets-'))
    expect(() =>
      withGeneratedSecrets({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/app', JWT_SECRET: secret }),
    ).toThrow('Set SESSION_SECRET with DATABASE_URL')
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false)
  })
})
