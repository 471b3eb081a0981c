// /admin and /admin/organization are the same page (spec §2).
export { action, default, loader, meta } from './_app.admin.organization._index'
