// The bare Remix page `npm run bench -- --only=pages` compares our pages with: the same Remix
// version, built by the classic compiler and served by remix-serve, as a new project would be.
// Its future flags are ours. It is built into .cache/bench-bare, so no build output is committed.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: 'esm',
  serverBuildPath: '../../../.cache/bench-bare/build/index.js',
  assetsBuildDirectory: '../../../.cache/bench-bare/public/build',
  publicPath: '/build/',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
}
