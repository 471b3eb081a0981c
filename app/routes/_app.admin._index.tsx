// /admin and /admin/organization are the same page (spec §2).
export { action, default, ErrorBoundary, loader, meta } from './_app.admin.organization'
