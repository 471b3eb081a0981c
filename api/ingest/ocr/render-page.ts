import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api'

// Measured on the corpus scan (300 dpi) and generated scans of 6 to 11 pt text at 150 to 300 dpi
// (docs/decisions/023): reading at the scan's own resolution was best, rendering above it made
// worse text (7 pt at 200 dpi: 97% of words at 200, 91% at 300), and below 200 small type suffered.
const MIN_DPI = 200
const MAX_DPI = 300

/** The resolution a scan is read at: its own, within 200 to 300 dpi, and never over `maxPixels`. */
export function ocrResolution(page: PDFPageProxy, scanDpi: number, maxPixels: number) {
  const dpi = Math.min(MAX_DPI, Math.max(MIN_DPI, Math.round(scanDpi) || MIN_DPI))
  const { width, height } = page.getViewport({ scale: 1 })
  const pixelsAtDpi = ((width * dpi) / 72) * ((height * dpi) / 72)
  return pixelsAtDpi > maxPixels ? dpi * Math.sqrt(maxPixels / pixelsAtDpi) : dpi
}

/**
 * The page drawn as pdf.js draws it for the screen, as an 8-bit greyscale PGM: tesseract binarises
 * grey anyway, and grey holds a quarter of the bytes of colour (its peak memory at 300 dpi fell
 * from 220 to 160 MB), while PGM costs no compression (PNG took 250 ms a page at 300 dpi).
 */
export async function renderGreyscale(document: PDFDocumentProxy, page: PDFPageProxy, dpi: number) {
  const viewport = page.getViewport({ scale: dpi / 72 })
  const factory = document.canvasFactory as {
    create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D }
    destroy(target: { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D }): void
  }
  const target = factory.create(Math.floor(viewport.width), Math.floor(viewport.height))
  try {
    await page.render({ canvas: target.canvas, canvasContext: target.context, viewport }).promise
    const { data, width, height } = target.context.getImageData(0, 0, target.canvas.width, target.canvas.height)
    const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`)
    const pgm = new Uint8Array(header.length + width * height)
    pgm.set(header)
    // ITU-R BT.601 luma in fixed point: 0.299 R + 0.587 G + 0.114 B.
    for (let from = 0, to = header.length; from < data.length; from += 4, to++)
      pgm[to] = (data[from]! * 77 + data[from + 1]! * 150 + data[from + 2]! * 29) >> 8
    return pgm
  } finally {
    factory.destroy(target)
  }
}
