/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // A route's larger actions live beside it in *.server.ts, which is no route of its own.
  ignoredRouteFiles: ['**/.*', '**/*.test.*', '**/*.server.*'],
  serverModuleFormat: 'esm',
  // Keep the client bundles small for slow networks: nothing server-only leaks in.
  browserNodeBuiltinsPolyfill: { modules: {} },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
}
