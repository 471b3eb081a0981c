/**
 * Set by the web server on its own request for a page it serves in place of another (the app's 404
 * for a file route's): the page is drawn without its scripts, as the browser's router would take
 * its address for the other route.
 */
export const STATIC_PAGE_HEADER = 'X-Exit-Planner-Static-Page'
