export const isZero = (vector: ArrayLike<number>) => Array.from(vector).every((value) => value === 0)

/** The normalised mean of unit vectors: a document's direction from its chunks'. */
export function meanVector(vectors: Float32Array[]): Float32Array | null {
  const first = vectors[0]
  if (!first) return null
  const sum = new Float64Array(first.length)
  for (const vector of vectors) for (let d = 0; d < sum.length; d++) sum[d]! += vector[d]!
  const length = Math.hypot(...sum)
  return length > 0 ? Float32Array.from(sum, (value) => value / length) : null
}
