import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api'

type Matrix = [number, number, number, number, number, number]

/** The pdf.js operators this reads (their numbers from pdf.js's OPS table). */
export interface ImageOps {
  save: number
  restore: number
  transform: number
  paintFormXObjectBegin: number
  paintFormXObjectEnd: number
  paintImageXObject: number
  paintInlineImageXObject: number
  paintImageMaskXObject: number
}

/** How much of a page raster images paint, and at what resolution the largest one was made. */
export interface PageImages {
  /** Share of the page's area under images, 0 to 1 (overlaps counted once per image, capped at 1). */
  coverage: number
  /** Pixels per inch of the largest image as placed on the page; 0 without images. */
  dpi: number
}

const multiply = (m: Matrix, n: number[]): Matrix => [
  m[0] * n[0]! + m[2] * n[1]!,
  m[1] * n[0]! + m[3] * n[1]!,
  m[0] * n[2]! + m[2] * n[3]!,
  m[1] * n[2]! + m[3] * n[3]!,
  m[0] * n[4]! + m[2] * n[5]! + m[4],
  m[1] * n[4]! + m[3] * n[5]! + m[5],
]

/**
 * Walks the page's drawing operators, keeping the current transformation as PDF does, and measures
 * every image painted: an image fills the unit square of the transformation in force, so its area on
 * the page is that matrix's determinant and its width the length of the matrix's first column. Tiny
 * images that pdf.js groups into one operator (icons, Type 3 glyphs) are not counted: a scan is one
 * large image, or a few strips of one.
 */
export async function pageImages(page: PDFPageProxy, ops: ImageOps): Promise<PageImages> {
  const { fnArray, argsArray } = await page.getOperatorList()
  const [x0, y0, x1, y1] = page.view as [number, number, number, number]
  const pageArea = Math.abs((x1 - x0) * (y1 - y0)) || 1
  const stack: Matrix[] = []
  let ctm: Matrix = [1, 0, 0, 1, 0, 0]
  let covered = 0
  let largest = 0
  let dpi = 0
  for (let index = 0; index < fnArray.length; index++) {
    const fn = fnArray[index]
    const args = argsArray[index] as unknown[]
    if (fn === ops.save) stack.push(ctm)
    else if (fn === ops.restore) ctm = stack.pop() ?? ctm
    else if (fn === ops.transform) ctm = multiply(ctm, args as number[])
    else if (fn === ops.paintFormXObjectBegin) {
      stack.push(ctm)
      if (Array.isArray(args[0])) ctm = multiply(ctm, args[0] as number[])
    } else if (fn === ops.paintFormXObjectEnd) ctm = stack.pop() ?? ctm
    else if (fn === ops.paintImageXObject || fn === ops.paintInlineImageXObject || fn === ops.paintImageMaskXObject) {
      const pixelWidth =
        fn === ops.paintImageXObject ? Number(args[1]) : Number((args[0] as { width?: number } | undefined)?.width)
      const area = Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])
      covered += area
      if (area > largest && pixelWidth > 0) {
        largest = area
        dpi = pixelWidth / (Math.hypot(ctm[0], ctm[1]) / 72)
      }
    }
  }
  return { coverage: Math.min(1, covered / pageArea), dpi: Number.isFinite(dpi) ? dpi : 0 }
}
