import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'

import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose'

/**
 * A stand-in for Google's side of the OAuth sign-in, on 127.0.0.1: the authorization page (where a
 * person picks the account, and the test picks what Google will answer), the token endpoint that
 * turns the code into an ID token signed with this stand-in's key, and the key set that verifies it.
 */
export interface FakeGoogle {
  /** The settings that point the web tier and the backend at this stand-in. */
  env: Record<string, string>
  clientId: string
  /** The ID tokens the token endpoint handed out, newest last. */
  issued: string[]
  close(): Promise<void>
}

interface Grant {
  email: string
  emailVerified: boolean
  idToken: boolean
  /** The token endpoint refuses the code, as Google does one that expired or was revoked. */
  refuseCode: boolean
  clientId: string
  redirectUri: string
}

const CLIENT_ID = 'e2e-client.apps.googleusercontent.com'
const CLIENT_SECRET = 'e2e-client-secret'
const KEY_ID = 'e2e-key'

const page = (body: string) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Google Accounts</title></head>' +
  `<body>${body}</body></html>`

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' }] }
  const grants = new Map<string, Grant>()
  const issued: string[] = []
  let origin = ''

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', origin)
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, ...headers })
      response.end(body)
    }
    const json = (status: number, body: unknown) => send(status, 'application/json', JSON.stringify(body))

    if (url.pathname === '/o/oauth2/v2/auth') {
      const clientId = url.searchParams.get('client_id') ?? ''
      const redirectUri = url.searchParams.get('redirect_uri') ?? ''
      if (clientId !== CLIENT_ID || url.searchParams.get('response_type') !== 'code' || !redirectUri) {
        return send(400, 'text/html', page('<h1>Error 400: invalid_request</h1>'))
      }
      const hidden = ['client_id', 'redirect_uri', 'state']
        .map((name) => `<input type="hidden" name="${name}" value="${escape(url.searchParams.get(name) ?? '')}">`)
        .join('')
      return send(
        200,
        'text/html',
        page(`<h1>Choose an account</h1><form method="get" action="/approve">${hidden}
          <label>Email <input name="email" type="email" required></label>
          <label><input type="checkbox" name="email_verified" checked> Email verified</label>
          <label><input type="checkbox" name="id_token" checked> Hand back an ID token</label>
          <label><input type="checkbox" name="refuse_code"> Refuse the code</label>
          <button type="submit">Continue</button></form>`),
      )
    }

    if (url.pathname === '/approve') {
      const code = randomBytes(16).toString('base64url')
      const redirectUri = url.searchParams.get('redirect_uri') ?? ''
      grants.set(code, {
        email: url.searchParams.get('email') ?? '',
        emailVerified: url.searchParams.has('email_verified'),
        idToken: url.searchParams.has('id_token'),
        refuseCode: url.searchParams.has('refuse_code'),
        clientId: url.searchParams.get('client_id') ?? '',
        redirectUri,
      })
      const back = new URL(redirectUri)
      back.searchParams.set('code', code)
      back.searchParams.set('state', url.searchParams.get('state') ?? '')
      return send(302, 'text/plain', '', { location: back.toString() })
    }

    if (url.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request))
      const grant = grants.get(form.get('code') ?? '')
      // Codes are single-use, and only the client they were issued to, at its redirect URI, may redeem them.
      grants.delete(form.get('code') ?? '')
      const valid =
        grant &&
        !grant.refuseCode &&
        form.get('grant_type') === 'authorization_code' &&
        form.get('client_id') === grant.clientId &&
        form.get('client_secret') === CLIENT_SECRET &&
        form.get('redirect_uri') === grant.redirectUri
      if (!valid) return json(400, { error: 'invalid_grant', error_description: 'Bad Request' })
      const answer: Record<string, unknown> = {
        access_token: randomBytes(16).toString('base64url'),
        token_type: 'Bearer',
        expires_in: 3599,
        scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      }
      if (grant.idToken) {
        answer.id_token = await idToken(privateKey, grant)
        issued.push(answer.id_token as string)
      }
      return json(200, answer)
    }

    if (url.pathname === '/certs') return json(200, jwks)
    return send(404, 'text/plain', 'Not found')
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return {
    clientId: CLIENT_ID,
    issued,
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_AUTHORIZATION_URL: `${origin}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${origin}/token`,
      GOOGLE_JWKS_URL: `${origin}/certs`,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

function idToken(key: CryptoKey, grant: Grant) {
  const [givenName = 'Grace'] = grant.email.split('@')
  return new SignJWT({
    email: grant.email,
    email_verified: grant.emailVerified,
    given_name: givenName,
    family_name: 'Hopper',
  })
    .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
    .setIssuer('https://accounts.google.com')
    .setAudience(grant.clientId)
    .setSubject(createHash('sha256').update(grant.email).digest('hex').slice(0, 21))
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key)
}
