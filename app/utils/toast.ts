/** A message shown once after a redirect; the flash cookie carries it, the toaster shows it. */
export type ToastType = 'success' | 'error' | 'info' | 'warning'
export interface Toast {
  id: string
  type: ToastType
  message: string
}
