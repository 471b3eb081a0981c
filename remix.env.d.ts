/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The browser's socket address, passed by server.ts (for the per-address sign-in limit). */
    clientAddress?: string
  }
}
