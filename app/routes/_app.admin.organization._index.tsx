export { default, loader, meta } from './_app.admin._index'
