import { buffer } from 'node:stream/consumers'
import yazl from 'yazl'

/** A zip of these files (name: its path in the zip), as a spreadsheet user's zip tool makes one. */
export async function zipOf(files: Record<string, Uint8Array>): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(Buffer.from(bytes), name)
  zip.end()
  return buffer(zip.outputStream)
}
