import { type GoogleProfile, GoogleStrategy, type GoogleStrategyOptions } from 'remix-auth-google'

type GoogleVerify<User> = ConstructorParameters<typeof GoogleStrategy<User>>[1]

export interface GoogleEndpoints {
  authorizationURL: string
  tokenURL: string
}

/**
 * Google's OAuth flow at the endpoints the settings name (Google's own by default; a stand-in in
 * the browser tests). Who signed in is read from the ID token, which the backend verifies, so the
 * profile the base strategy fetches from Google's userinfo endpoint is not asked for: nothing reads
 * it, and it would cost every sign-in one more round trip to Google.
 */
export class GoogleSignInStrategy<User> extends GoogleStrategy<User> {
  constructor(options: GoogleStrategyOptions & GoogleEndpoints, verify: GoogleVerify<User>) {
    super(options, verify)
    this.authorizationURL = options.authorizationURL
    this.tokenURL = options.tokenURL
  }

  protected override async userProfile(): Promise<GoogleProfile> {
    return { provider: 'google' } as GoogleProfile
  }
}
