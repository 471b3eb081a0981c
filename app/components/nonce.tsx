import { createContext, useContext } from 'react'

// The server renders each page with a fresh nonce that its Content-Security-Policy names; the root
// hands it to the scripts it renders. In the browser there is none (and none is needed: the scripts
// are already running), so hydration sees an empty string.
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export const useNonce = () => useContext(NonceContext)
