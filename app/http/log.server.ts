// The server's logger for route modules: a `.server` module, so nothing of it reaches the browser bundle.
export { currentLogContext, log } from '../../runtime/log'
