import fs from 'node:fs/promises'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import yauzl from 'yauzl'

// Where an import's photos come from (docs/decisions/033): a zip (the console's upload,
// or the CLI's --photos FILE.zip), read with yauzl from its central directory, one entry's
// bytes at a time, or a folder (the CLI's --photos DIR). Neither is ever held whole.

export interface PhotoSource {
  /** How the source is named in a message: "photos.zip", "the folder photos/". */
  label: string
  /** Whether the source has this file, and its size in bytes when known. */
  find(name: string): Promise<{ bytes: number } | undefined>
  /** The file's bytes (at most the photo limit: a larger file is refused before it is read). */
  read(name: string): Promise<Buffer>
  close(): Promise<void>
}

/** A file too large to be a photo, refused from its declared size before it is read. */
export class PhotoTooLarge extends Error {}

/** No source: every photo cell must name a photo the store has. */
export const noPhotos: PhotoSource = {
  label: 'no photos',
  find: () => Promise.resolve(undefined),
  read: (name) => Promise.reject(new Error(`No photo source for ${name}`)),
  close: () => Promise.resolve(),
}

/** `maxBytes`: the photo store's limit (catalog.photos.maxBytes); a larger file is never read. */
export function folderPhotos(dir: string, maxBytes: number): PhotoSource {
  const root = path.resolve(dir)
  const inside = (name: string) => {
    const file = path.resolve(root, name)
    return file.startsWith(root + path.sep) ? file : undefined
  }
  return {
    label: `the folder ${dir}`,
    async find(name) {
      const file = inside(name)
      if (!file) return undefined
      try {
        const stat = await fs.stat(file)
        return stat.isFile() ? { bytes: stat.size } : undefined
      } catch {
        return undefined
      }
    },
    async read(name) {
      const file = inside(name)
      if (!file) throw new Error(`${name} is outside ${dir}`)
      const stat = await fs.stat(file)
      if (stat.size > maxBytes) throw new PhotoTooLarge(name)
      return fs.readFile(file)
    },
    close: () => Promise.resolve(),
  }
}

/**
 * A zip's photos by their path in it ("front.jpg", "shirts/front.jpg"); when every entry
 * sits in one folder (a zipped folder), also by the path inside it. Folders and macOS's
 * __MACOSX copies are skipped. Only the central directory is held: about 40,000 entries'
 * names and offsets for 40,000 photos.
 */
export async function zipPhotos(file: string, maxBytes: number, label = path.basename(file)): Promise<PhotoSource> {
  const sentence = label.charAt(0).toUpperCase() + label.slice(1)
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: false })
  } catch {
    throw new ZipUnreadable(`${sentence} is not a zip file that can be read`)
  }
  const entries = new Map<string, yauzl.Entry>()
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName
        if (!name.endsWith('/') && !name.startsWith('__MACOSX/')) entries.set(name, entry)
        zip.readEntry()
      })
      zip.once('end', () => resolve())
      zip.once('error', reject)
      zip.readEntry()
    })
  } catch {
    zip.close()
    throw new ZipUnreadable(`${sentence} is damaged: its list of files cannot be read`)
  }
  const tops = new Set([...entries.keys()].map((n) => (n.includes('/') ? n.slice(0, n.indexOf('/')) : '')))
  const [top] = tops
  if (tops.size === 1 && top) {
    for (const [name, entry] of [...entries]) {
      const inner = name.slice(top.length + 1)
      if (!entries.has(inner)) entries.set(inner, entry)
    }
  }
  return {
    label,
    find: (name) => {
      const entry = entries.get(name)
      return Promise.resolve(entry ? { bytes: entry.uncompressedSize } : undefined)
    },
    async read(name) {
      const entry = entries.get(name)
      if (!entry) throw new Error(`${label} has no ${name}`)
      // The central directory's size is checked against the bytes as they are inflated (yauzl's validateEntrySizes).
      if (entry.uncompressedSize > maxBytes) throw new PhotoTooLarge(name)
      return buffer(await zip.openReadStreamPromise(entry))
    },
    close: () => Promise.resolve(zip.close()),
  }
}

export class ZipUnreadable extends Error {}
