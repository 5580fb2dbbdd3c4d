// Draws every demo product's pictures: for each product, each view (front, back, detail,
// folded) and each width, an SVG illustration rendered with sharp to
// assets/products/<id>-<view>-<width>.webp. Deterministic: the same catalog gives the same files.
//
//   node scripts/generate-product-images.ts            all products; removes stale files
//   node scripts/generate-product-images.ts men-cl     only ids containing "men-cl" (no clean-up)
//   node scripts/generate-product-images.ts --svg ...  also writes the SVGs to /tmp/product-svg

import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { demoCatalog } from '#demo/catalog.ts'
import type { DemoProduct } from '#demo/catalog-types.ts'
import { imageViews, imageWidths, type ImageView } from '#server/catalog/images.ts'
import { productPicture, productSvg, type ProductPicture } from './product-images/views.ts'

const OUT_DIR = path.resolve(import.meta.dirname, '../assets/products')
const SVG_DIR = path.join(os.tmpdir(), 'product-svg')
const WEBP = { quality: 75, effort: 6 } as const
const SHADOW = '#1d1a16'

const fileName = (id: string, view: ImageView, width: number) => `${id}-${view}-${width}.webp`

type Raw = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 }

async function rasterize(svg: string): Promise<Raw> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: info.channels }
}

const raw = (r: Raw) => ({ raw: { width: r.width, height: r.height, channels: r.channels } })

/** In-place box blur of a one-channel image, radius r, horizontal then vertical. */
function boxBlur(src: Float32Array, w: number, h: number, r: number): void {
  const tmp = new Float32Array(src.length)
  const pass = (from: Float32Array, to: Float32Array, len: number, lines: number, step: number, stride: number) => {
    for (let line = 0; line < lines; line++) {
      const base = line * stride
      let sum = 0
      for (let i = -r; i <= r; i++) sum += from[base + Math.min(len - 1, Math.max(0, i)) * step]!
      for (let i = 0; i < len; i++) {
        to[base + i * step] = sum / (2 * r + 1)
        sum += from[base + Math.min(len - 1, i + r + 1) * step]! - from[base + Math.max(0, i - r) * step]!
      }
    }
  }
  pass(src, tmp, w, h, 1, w)
  pass(tmp, src, h, w, w, 1)
}

/**
 * The garment's drop shadow: its silhouette at a quarter size, blurred (three box passes
 * make a near-Gaussian), made translucent, and scaled back up. An RGBA layer the size of the picture.
 */
async function dropShadow(garment: Raw, pic: ProductPicture): Promise<Raw> {
  const k = 4
  const w = Math.round(garment.width / k)
  const h = Math.round(garment.height / k)
  const small = await sharp(garment.data, raw(garment)).extractChannel(3).resize(w, h).raw().toBuffer()
  const a = Float32Array.from(small)
  const sigma = (pic.shadow.blur * (pic.width / 400)) / k
  const r = Math.max(1, Math.round(Math.sqrt(sigma * sigma * 4 + 1) / 2))
  for (let i = 0; i < 3; i++) boxBlur(a, w, h, r)
  const out = Buffer.alloc(w * h)
  for (let i = 0; i < out.length; i++) out[i] = Math.round(a[i]! * pic.shadow.opacity)
  const alpha = await sharp(out, { raw: { width: w, height: h, channels: 1 } })
    .resize(garment.width, garment.height)
    .extractChannel(0)
    .raw()
    .toBuffer()
  const data = await sharp({
    create: { width: garment.width, height: garment.height, channels: 3, background: SHADOW },
  })
    .joinChannel(alpha, { raw: { width: garment.width, height: garment.height, channels: 1 } })
    .raw()
    .toBuffer()
  return { data, width: garment.width, height: garment.height, channels: 4 }
}

async function renderOne(product: DemoProduct, view: ImageView, keepSvg: boolean): Promise<void> {
  const largest = Math.max(...imageWidths)
  const pic = productPicture(product, view, largest)
  if (keepSvg) await writeFile(path.join(SVG_DIR, `${product.id}-${view}.svg`), productSvg(product, view, largest))
  // Render once at the largest width: backdrop, drop shadow, garment; then encode every width.
  const [backdrop, garment] = await Promise.all([rasterize(pic.backdrop), rasterize(pic.garment)])
  const shadow = await dropShadow(garment, pic)
  const px = pic.width / 400
  const { data, info } = await sharp(backdrop.data, raw(backdrop))
    .composite([
      { input: shadow.data, ...raw(shadow), left: Math.round(pic.shadow.dx * px), top: Math.round(pic.shadow.dy * px) },
      { input: garment.data, ...raw(garment), left: 0, top: 0 },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  for (const width of imageWidths) {
    let img = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    if (width !== info.width)
      img = img.resize(width, Math.round((width * info.height) / info.width), { kernel: 'lanczos3' })
    await img.webp(WEBP).toFile(path.join(OUT_DIR, fileName(product.id, view, width)))
  }
}

/** Runs tasks with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await run(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const keepSvg = args.includes('--svg')
  const filters = args.filter((a) => !a.startsWith('--'))
  const products = filters.length ? demoCatalog.filter((p) => filters.some((f) => p.id.includes(f))) : demoCatalog
  if (products.length === 0) throw new Error(`No product id contains ${filters.join(', ')}`)

  const started = performance.now()
  await mkdir(OUT_DIR, { recursive: true })
  if (keepSvg) await mkdir(SVG_DIR, { recursive: true })

  // Each job holds its own libvips pipeline; run one per core and keep libvips single-threaded.
  const cores = os.availableParallelism()
  sharp.concurrency(1)
  sharp.cache(false)
  const jobs = products.flatMap((product) => imageViews.map((view) => ({ product, view })))
  await pool(jobs, cores, ({ product, view }) => renderOne(product, view, keepSvg))

  let removed = 0
  if (!filters.length) {
    const expected = new Set(
      demoCatalog.flatMap((p) => imageViews.flatMap((v) => imageWidths.map((w) => fileName(p.id, v, w)))),
    )
    for (const name of await readdir(OUT_DIR)) {
      if (!expected.has(name)) {
        await rm(path.join(OUT_DIR, name), { recursive: true, force: true })
        removed++
      }
    }
  }

  let bytes = 0
  const names = await readdir(OUT_DIR)
  for (const name of names) bytes += (await stat(path.join(OUT_DIR, name))).size
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `${jobs.length * imageWidths.length} images for ${products.length} products in ${seconds}s` +
      ` (${cores} workers)${removed ? `, removed ${removed} stale` : ''}; assets/products: ${names.length} files, ${(bytes / 1024 / 1024).toFixed(2)} MB`,
  )
}

await main()
