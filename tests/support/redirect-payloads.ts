/**
 * `?redirectTo=` values that must never take a visitor off the site, as an attacker puts them in a
 * link (URL-encoded where it needs to be): the attack review's findings and their relatives.
 */
export const OFF_SITE_REDIRECTS = [
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0D/evil.example',
  '/%E3%80%82evil.example',
  '//evil%E3%80%82example',
  '//evil.example',
  '/\\evil.example',
  'https:evil.example',
  '%2F%2Fevil.example',
]
