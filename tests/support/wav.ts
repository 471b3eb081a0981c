/**
 * A valid WAV file made on the spot (no fixture to download): a 44-byte header and `seconds` of
 * 8 kHz 16-bit mono, a quiet tone `pitch` apart from others so two files never share their bytes.
 */
export function wav(seconds: number, pitch = 1) {
  const samples = Math.round(seconds * 8000)
  const bytes = Buffer.alloc(44 + samples * 2)
  bytes.write('RIFF', 0, 'ascii')
  bytes.writeUInt32LE(36 + samples * 2, 4)
  bytes.write('WAVEfmt ', 8, 'ascii')
  bytes.writeUInt32LE(16, 16)
  bytes.writeUInt16LE(1, 20) // PCM
  bytes.writeUInt16LE(1, 22) // mono
  bytes.writeUInt32LE(8000, 24)
  bytes.writeUInt32LE(16000, 28)
  bytes.writeUInt16LE(2, 32)
  bytes.writeUInt16LE(16, 34)
  bytes.write('data', 36, 'ascii')
  bytes.writeUInt32LE(samples * 2, 40)
  for (let index = 0; index < samples; index++) {
    bytes.writeInt16LE(Math.round(200 * Math.sin((index * pitch * Math.PI) / 40)), 44 + index * 2)
  }
  return new Uint8Array(bytes)
}
