import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { imageWidths, isProductImageName } from '#server/catalog/images.ts'
import { PhotoError, processPhoto, storePhoto, uploadedImageDir } from '#server/catalog/photos.ts'

const MiB = 1024 * 1024

/** A landscape JPEG, left half red and right half blue, stored sideways (EXIF orientation 6) with EXIF, GPS and ICC. */
async function sidewaysJpeg(width: number, height: number): Promise<Buffer> {
  const red = await sharp({ create: { width: width / 2, height, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer()
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Copyright: 'Kapra test', Make: 'PhoneCo' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '67/1 1/1 0/1' },
      },
    })
    .toBuffer()
}

function expectPhotoError(promise: Promise<unknown>, pattern: RegExp) {
  return expect(promise).rejects.toSatisfy((err: unknown) => err instanceof PhotoError && pattern.test(err.message))
}

async function pixelAt(webp: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true })
  const i = (y * info.width + x) * info.channels
  return [...data.subarray(i, i + 3)]
}

describe('processPhoto', () => {
  let jpeg: Buffer
  beforeAll(async () => {
    jpeg = await sidewaysJpeg(1600, 1200)
  })

  it('turns a sideways phone JPEG upright, strips EXIF, GPS and ICC, and encodes WebP at 400 and 800', async () => {
    const input = await sharp(jpeg).metadata()
    expect(input).toMatchObject({ format: 'jpeg', width: 1600, height: 1200, orientation: 6, hasProfile: true })
    expect(input.exif?.toString('latin1')).toContain('Kapra test')
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true) // the GPS IFD pointer tag

    const { widths } = await processPhoto(jpeg)
    expect(widths.map((w) => w.width)).toEqual([...imageWidths])
    const expected = { 400: { width: 400, height: 533 }, 800: { width: 800, height: 1067 } }
    for (const { width, data, pixels } of widths) {
      const meta = await sharp(data).metadata()
      expect(meta.format).toBe('webp')
      expect({ width: meta.width, height: meta.height }).toEqual(expected[width as 400 | 800])
      expect(pixels).toEqual(expected[width as 400 | 800])
      expect(meta.exif).toBeUndefined()
      expect(meta.icc).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.iptc).toBeUndefined()
      expect(meta.hasProfile).toBe(false)
      expect(meta.orientation).toBeUndefined()
      expect(data.toString('latin1')).not.toMatch(/Kapra test|PhoneCo|EXIF|ICCP|XMP /)
    }

    // Orientation 6 is turned 90° clockwise: the stored left (red) half is now the top.
    const large = widths[1]!
    const [r1, , b1] = await pixelAt(large.data, 400, 100)
    const [r2, , b2] = await pixelAt(large.data, 400, 1000)
    expect(r1).toBeGreaterThan(200)
    expect(b1).toBeLessThan(60)
    expect(b2).toBeGreaterThan(200)
    expect(r2).toBeLessThan(60)
  })

  it('never upscales: a photo narrower than a width is encoded at its own width, and both files are made', async () => {
    const { widths } = await processPhoto(await sidewaysJpeg(500, 300))
    expect(widths.map((w) => [w.width, w.pixels.width, w.pixels.height])).toEqual([
      [400, 300, 500],
      [800, 300, 500],
    ])
    for (const w of widths) expect(await sharp(w.data).metadata()).toMatchObject({ width: 300, height: 500 })
  })

  it('accepts PNG (keeping transparency) and WebP photos, keeping their aspect ratio uncropped', async () => {
    const png = await sharp({
      create: { width: 1000, height: 1250, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } },
    })
      .png()
      .toBuffer()
    const fromPng = await processPhoto(png)
    expect(fromPng.widths.map((w) => w.pixels)).toEqual([
      { width: 400, height: 500 },
      { width: 800, height: 1000 },
    ])
    expect((await sharp(fromPng.widths[0]!.data).metadata()).hasAlpha).toBe(true)

    const webp = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#888' } })
      .webp()
      .toBuffer()
    const fromWebp = await processPhoto(webp)
    expect(fromWebp.widths.map((w) => w.pixels)).toEqual([
      { width: 400, height: 267 },
      { width: 800, height: 533 },
    ])
  })

  it('judges the type by the bytes: a text file named photo.jpg is refused', async () => {
    const text = new TextEncoder().encode('This is not a photo, whatever its name (photo.jpg) says.\n')
    await expectPhotoError(processPhoto(text), /^This file is not a JPEG, PNG or WebP photo$/)
    await expect(processPhoto(text)).rejects.toMatchObject({ status: 415, reason: 'type' })
    await expectPhotoError(processPhoto(new Uint8Array(0)), /not a JPEG, PNG or WebP/)
  })

  it('refuses GIF and SVG images, which sharp could read', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer()
    expect((await sharp(gif).metadata()).format).toBe('gif')
    await expectPhotoError(processPhoto(gif), /not a JPEG, PNG or WebP/)
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    )
    await expectPhotoError(processPhoto(svg), /not a JPEG, PNG or WebP/)
  })

  it('refuses a file over maxBytes before looking at it', async () => {
    await expectPhotoError(processPhoto(jpeg, { maxBytes: 2048 }), /^The photo is larger than 2 KB$/)
    await expect(processPhoto(jpeg, { maxBytes: 2048 })).rejects.toMatchObject({ status: 413, reason: 'size' })
    // The default: 8 MiB. One byte over is refused on its size alone; exactly 8 MiB gets looked at.
    await expectPhotoError(processPhoto(new Uint8Array(8 * MiB + 1)), /^The photo is larger than 8 MB$/)
    await expectPhotoError(processPhoto(new Uint8Array(8 * MiB)), /not a JPEG, PNG or WebP/)
  })

  it('refuses a decompression bomb (a 90-byte PNG declaring 30000 × 30000) from its header, quickly and without memory', async () => {
    const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const bomb = Buffer.from(tiny)
    // IHDR: length(4) type(4) at 8, width at 16, height at 20, CRC over type+data (12..29) at 29.
    expect(bomb.toString('latin1', 12, 16)).toBe('IHDR')
    bomb.writeUInt32BE(30_000, 16)
    bomb.writeUInt32BE(30_000, 20)
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29)
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 30_000, height: 30_000 })

    const rss = process.memoryUsage().rss
    const started = performance.now()
    await expectPhotoError(processPhoto(bomb), /^The photo is too large in pixels \(30000 × 30000\)/)
    expect(performance.now() - started).toBeLessThan(500)
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * MiB)
  })

  it('refuses a real photo over maxPixels, naming its size', async () => {
    await expectPhotoError(
      processPhoto(jpeg, { maxPixels: 1_000_000 }),
      /too large in pixels \(1600 × 1200\).*1 megapixels/,
    )
  })

  it('refuses a truncated or corrupt JPEG as unreadable', async () => {
    await expectPhotoError(processPhoto(jpeg.subarray(0, jpeg.length - 200)), /^The photo could not be read/)
    await expectPhotoError(processPhoto(jpeg.subarray(0, Math.floor(jpeg.length / 2))), /could not be read/)
    await expectPhotoError(processPhoto(jpeg.subarray(0, 300)), /could not be read/)
    const corrupt = Buffer.from(jpeg)
    corrupt.fill(0xff, 400, 2000) // the quantisation and Huffman tables and the frame header
    await expectPhotoError(processPhoto(corrupt), /could not be read/)
  })
})

describe('storePhoto', () => {
  const dirs: string[] = []
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })))
  })
  async function dataDir() {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kapra-photos-'))
    dirs.push(dir)
    return dir
  }

  it('writes both widths under DATA_DIR/products with a new servable key each time, leaving no temporary file', async () => {
    const dir = await dataDir()
    expect(uploadedImageDir(dir)).toBe(path.join(dir, 'products'))
    const photo = await sidewaysJpeg(1000, 800)

    const key = await storePhoto(dir, 'linen-kurta-2', 2, photo)
    expect(key).toMatch(/^linen-kurta-2-p2-[0-9a-z]{10}$/)
    const names = imageWidths.map((w) => `${key}-${w}.webp`)
    for (const name of names) expect(isProductImageName(name)).toBe(true)
    expect((await fs.readdir(uploadedImageDir(dir))).sort()).toEqual(names.sort())
    for (const width of imageWidths) {
      const meta = await sharp(path.join(uploadedImageDir(dir), `${key}-${width}.webp`)).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: Math.min(width, 1000), hasProfile: false })
      expect(meta.exif).toBeUndefined()
      expect(meta.icc).toBeUndefined()
    }

    // Replacing the photo gives it a new key (so a new URL); the old files are left for the caller to remove.
    const again = await storePhoto(dir, 'linen-kurta-2', 2, photo)
    expect(again).not.toBe(key)
    expect(await fs.readdir(uploadedImageDir(dir))).toHaveLength(4)
  })

  it('writes nothing for a refused photo, and refuses ids and slots that could not be served', async () => {
    const dir = await dataDir()
    await expectPhotoError(storePhoto(dir, 'tee', 1, new TextEncoder().encode('hello')), /not a JPEG/)
    await expect(fs.readdir(uploadedImageDir(dir))).rejects.toMatchObject({ code: 'ENOENT' })

    const photo = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer()
    await expect(storePhoto(dir, '../etc', 1, photo)).rejects.toThrow(RangeError)
    await expect(storePhoto(dir, 'Tee', 1, photo)).rejects.toThrow(RangeError)
    await expect(storePhoto(dir, 'tee', 5 as 1, photo)).rejects.toThrow(RangeError)
    await expect(fs.readdir(uploadedImageDir(dir))).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
