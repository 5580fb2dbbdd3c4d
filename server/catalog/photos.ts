import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp, { type Metadata, type OutputInfo } from 'sharp'
import { AppError } from '#server/http/errors.ts'
import { imageWidths, isProductImageName, productImageDir } from '#server/catalog/images.ts'

/**
 * The store owner's photo uploads: whatever arrives is checked by its bytes, refused
 * before decoding when it declares too many pixels, turned upright, stripped of every
 * piece of metadata (EXIF, GPS, ICC, XMP) and re-encoded as WebP at each of imageWidths.
 * Nothing of the uploaded file reaches the disk except freshly encoded pixels.
 */

const MiB = 1024 * 1024

// Each photo is read once (an upload, an import's, the demo catalog's at first start):
// libvips's cache of operations, up to 50 MB by default, would only hold the store's memory.
sharp.cache(false)

export const DEFAULT_MAX_PHOTO_BYTES = 8 * MiB
export const DEFAULT_MAX_PHOTO_PIXELS = 40_000_000
/** The largest side a WebP file can have. */
const WEBP_MAX_SIDE = 16_383
const WEBP_QUALITY = 80
/**
 * libwebp's effort (0–6; sharp's default is 4). At 2 a 1200 × 1500 photo is encoded at both
 * widths in half the CPU time of 4 (about 43 ms against 86 ms on the catalog sample) and comes
 * out no larger (13.2 KB against 13.3 KB): what decides how long a catalog import takes.
 */
const WEBP_EFFORT = 2
/** A photo that takes longer than this to decode and encode is refused. */
const TIMEOUT_SECONDS = 30

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])

export type PhotoErrorReason = 'type' | 'size' | 'pixels' | 'shape' | 'unreadable'

const STATUS: Record<PhotoErrorReason, number> = {
  type: 415,
  size: 413,
  pixels: 422,
  shape: 422,
  unreadable: 422,
}

/** A refused photo, with a message the store owner can act on (an AppError, so a route may let it through). */
export class PhotoError extends AppError {
  readonly reason: PhotoErrorReason

  constructor(reason: PhotoErrorReason, message: string) {
    super(STATUS[reason], message)
    this.name = 'PhotoError'
    this.reason = reason
  }
}

export interface PhotoOptions {
  /** Largest upload accepted, in bytes (default 8 MiB). */
  maxBytes?: number
  /** Largest width × height accepted (default 40 million). */
  maxPixels?: number
}

export interface ProcessedPhoto {
  /**
   * One WebP file per entry of imageWidths, in that order. `width` is the width the file is
   * named for (400, 800); `pixels` is its real size, narrower when the photo itself is.
   */
  widths: { width: number; data: Buffer; pixels: { width: number; height: number } }[]
}

const notAPhoto = () => new PhotoError('type', 'This file is not a JPEG, PNG or WebP photo')
const unreadable = () => new PhotoError('unreadable', 'The photo could not be read. It may be damaged or incomplete.')

function formatBytes(bytes: number): string {
  if (bytes >= MiB) return `${Number((bytes / MiB).toFixed(1))} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

function formatMegapixels(pixels: number): string {
  return `${Number((pixels / 1_000_000).toFixed(1))} megapixels`
}

/**
 * What can be told of a photo from its header alone, without decoding its pixels: its
 * type, its size in bytes and in pixels, its shape. Throws PhotoError when refused (the
 * catalog import's preview checks every photo so; processPhoto checks again).
 */
export async function inspectPhoto(
  input: Uint8Array,
  options: PhotoOptions = {},
): Promise<{ upright: { width: number; height: number }; largest: number }> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_PHOTO_BYTES
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PHOTO_PIXELS

  if (input.byteLength > maxBytes) throw new PhotoError('size', `The photo is larger than ${formatBytes(maxBytes)}`)
  if (input.byteLength === 0) throw notAPhoto()

  // The header only: no pixel data is decoded here, so a file declaring a billion pixels
  // costs nothing. The pixel limit is ours to check (with the dimensions in the message).
  let meta: Metadata
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch (err) {
    throw /unsupported image format|empty/i.test(errorMessage(err)) ? notAPhoto() : unreadable()
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw notAPhoto()
  const { width, height } = meta
  if (!width || !height) throw unreadable()
  if (width * height > maxPixels) {
    throw new PhotoError(
      'pixels',
      `The photo is too large in pixels (${width} × ${height}); the most accepted is ${formatMegapixels(maxPixels)}`,
    )
  }

  // Upright dimensions (EXIF orientations 5–8 swap the sides).
  const upright = meta.autoOrient ?? { width, height }
  const largest = Math.min(Math.max(...imageWidths), upright.width)
  if (Math.round((upright.height * largest) / upright.width) > WEBP_MAX_SIDE) {
    throw new PhotoError('shape', 'The photo is too long and narrow to use; crop it closer to the garment')
  }
  return { upright, largest }
}

/** Checks, turns upright, strips and re-encodes one uploaded photo; throws PhotoError when refused. */
export async function processPhoto(input: Uint8Array, options: PhotoOptions = {}): Promise<ProcessedPhoto> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PHOTO_PIXELS
  const { upright, largest } = await inspectPhoto(input, options)

  // Decode once (limitInputPixels guards again, should the header have lied), turn upright
  // by EXIF and shrink to the largest width, into bare pixels: no metadata survives this.
  let base: { data: Buffer; info: OutputInfo }
  try {
    base = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true })
  } catch (err) {
    if (/pixel limit/i.test(errorMessage(err))) {
      throw new PhotoError(
        'pixels',
        `The photo is too large in pixels; the most accepted is ${formatMegapixels(maxPixels)}`,
      )
    }
    throw unreadable()
  }

  const raw = {
    width: base.info.width,
    height: base.info.height,
    channels: base.info.channels,
  }
  const widths: ProcessedPhoto['widths'] = []
  for (const target of imageWidths) {
    // Each size from the upright photo's own proportions, so the smaller one is not rounded twice.
    const outWidth = Math.min(target, raw.width)
    const outHeight = Math.max(1, Math.round((upright.height * outWidth) / upright.width))
    try {
      const { data, info } = await sharp(base.data, { raw })
        .resize({ width: outWidth, height: outHeight, fit: 'fill' })
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        .timeout({ seconds: TIMEOUT_SECONDS })
        .toBuffer({ resolveWithObject: true })
      widths.push({ width: target, data, pixels: { width: info.width, height: info.height } })
    } catch {
      throw unreadable()
    }
  }
  return { widths }
}

/** Where uploaded product photos live: served at /images/products/ before the committed demo pictures. */
export function uploadedImageDir(dataDir: string): string {
  return path.join(dataDir, 'products')
}

/** An import's photos waiting to be encoded (server/catalog/photo-queue.ts): never served. */
export function pendingPhotoDir(dataDir: string): string {
  return path.join(uploadedImageDir(dataDir), 'pending')
}

export type PhotoSlot = 1 | 2 | 3 | 4

/** The file a stored photo is served from at one width. */
export function photoFileName(key: string, width: number): string {
  return `${key}-${width}.webp`
}

/**
 * Processes a photo and stores it under a new key `<productId>-p<slot>-<random>`: a replaced
 * photo gets a new URL, so no cache (ours is immutable for a year) ever shows the old one.
 * Every file is written whole to a temporary name and renamed into place, so a reader sees
 * either no file or the complete one. Returns the key (for productImageUrl and the product's imageN).
 */
export async function storePhoto(
  dataDir: string,
  productId: string,
  slot: PhotoSlot,
  input: Uint8Array,
  options: PhotoOptions = {},
): Promise<string> {
  if (![1, 2, 3, 4].includes(slot)) throw new RangeError(`Photo slot must be 1 to 4, not ${String(slot)}`)
  return storeUnder(dataDir, productId, `p${slot}`, input, options)
}

/**
 * Processes a shopper's review photo and stores it under `<productId>-r-<random>`, as the
 * owner's are (the same checks, the same widths, served from the same place).
 */
export function storeReviewPhoto(
  dataDir: string,
  productId: string,
  input: Uint8Array,
  options: PhotoOptions = {},
): Promise<string> {
  return storeUnder(dataDir, productId, 'r', input, options)
}

async function storeUnder(
  dataDir: string,
  productId: string,
  tag: string,
  input: Uint8Array,
  options: PhotoOptions,
): Promise<string> {
  const key = newPhotoKey(productId, tag)
  await placePhoto(dataDir, key, await processPhoto(input, options))
  return key
}

/**
 * Writes a processed photo's files under its key. Each is written whole to a temporary name
 * and renamed into place, so a reader sees either no file or the complete one.
 */
export async function placePhoto(dataDir: string, key: string, photo: ProcessedPhoto): Promise<void> {
  const dir = uploadedImageDir(dataDir)
  await fs.mkdir(dir, { recursive: true })
  // Temporary names start with a dot, which isProductImageName never serves.
  const files = photo.widths.map((w) => ({
    data: w.data,
    final: path.join(dir, photoFileName(key, w.width)),
    temp: path.join(dir, `.${photoFileName(key, w.width)}.${randomUUID()}.tmp`),
  }))
  const placed: string[] = []
  try {
    for (const file of files) await writeWhole(file.temp, file.data)
    for (const file of files) {
      await fs.rename(file.temp, file.final)
      placed.push(file.final)
    }
  } catch (err) {
    await Promise.all([...files.map((f) => f.temp), ...placed].map((p) => fs.rm(p, { force: true }).catch(() => {})))
    throw err
  }
}

/** A new key for a product's photo: `<productId>-<tag>-<random>`; a replaced photo gets a new URL. */
export function newPhotoKey(productId: string, tag: string): string {
  const key = `${productId}-${tag}-${shortRandom()}`
  if (!/^[a-z0-9][a-z0-9-]*$/.test(productId) || !imageWidths.every((w) => isProductImageName(photoFileName(key, w)))) {
    throw new RangeError(`A photo cannot be stored for the product id ${JSON.stringify(productId)}`)
  }
  return key
}

/**
 * Everything processPhoto refuses, told without encoding: the header's checks, then the whole
 * file decoded at a small size (a JPEG at an eighth of its size, by its decoder's own scaling),
 * so a damaged or cut-off file is found here. About a tenth of processPhoto's cost.
 */
export async function checkWholePhoto(input: Uint8Array, options: PhotoOptions = {}): Promise<void> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PHOTO_PIXELS
  await inspectPhoto(input, options)
  try {
    await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      .resize({ width: 64 })
      .raw()
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toBuffer()
  } catch {
    throw unreadable()
  }
}

/**
 * The console's way to the photo store (through the catalog service: `catalog.photos`):
 * store a photo for a product's slot, or remove the files of photos stored for a save
 * that did not happen. A catalog made without a data directory (the seed, scripts) stores none.
 */
export function photoStore(dataDir: string | undefined) {
  const dirOf = (): string => {
    if (dataDir === undefined) throw new Error('This catalog was made without a data directory: it stores no photos')
    return dataDir
  }
  return {
    /** Throws PhotoError (an AppError) when the photo is refused; returns the key for the product's imageN. */
    store: (productId: string, slot: PhotoSlot, input: Uint8Array): Promise<string> =>
      storePhoto(dirOf(), productId, slot, input),

    /** The largest photo accepted, in bytes. */
    maxBytes: DEFAULT_MAX_PHOTO_BYTES,

    /** Checks a photo by its header alone (type, bytes, pixels, shape); throws PhotoError when refused. */
    inspect: (input: Uint8Array): Promise<unknown> => inspectPhoto(input),

    /** Whether a photo of this key is in the store: uploaded, or one of the committed pictures. */
    async exists(key: string): Promise<boolean> {
      const name = photoFileName(key, Math.max(...imageWidths))
      if (!isProductImageName(name)) return false
      const files =
        dataDir === undefined
          ? [path.join(productImageDir, name)]
          : [
              path.join(uploadedImageDir(dataDir), name),
              path.join(productImageDir, name),
              // Imported, to be encoded (docs/decisions/037).
              path.join(pendingPhotoDir(dataDir), `${key}.src`),
            ]
      for (const file of files) {
        try {
          await fs.access(file)
          return true
        } catch {
          // Not in this store: the next one.
        }
      }
      return false
    },
    /** A shopper's review photo: the same checks; returns its key. */
    storeReview: (productId: string, input: Uint8Array): Promise<string> => storeReviewPhoto(dirOf(), productId, input),
    /** A shopper's photo of a piece to exchange or return (docs/decisions/036): the same checks; returns its key. */
    storeRequest: (productId: string, input: Uint8Array): Promise<string> =>
      storeUnder(dirOf(), productId, 'x', input, {}),

    async remove(keys: Iterable<string>): Promise<void> {
      const dir = uploadedImageDir(dirOf())
      await Promise.all(
        [...keys].flatMap((key) =>
          imageWidths.map((w) => fs.rm(path.join(dir, photoFileName(key, w)), { force: true }).catch(() => {})),
        ),
      )
    },
  }
}

/** Writes a new file and flushes it to the disk before answering. */
export async function writeWhole(file: string, data: Uint8Array): Promise<void> {
  const handle = await fs.open(file, 'wx')
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** 10 characters of [0-9a-z]: 48 random bits. */
function shortRandom(): string {
  return randomBytes(6).readUIntBE(0, 6).toString(36).padStart(10, '0')
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
