// `npm run catalog:sample -- [--rows 10000] [--out DIR] [--width 1200] [--height 1500] [--noise]`:
// a catalog file of ROWS new products, four photos each, for measuring the import (README,
// "Catalog import and export"): DIR/products.csv and DIR/photos.zip, the zip written as it
// is made (yazl), never held whole. The photos are blurred noise, as smooth as a garment on
// a plain ground (about 70 ms of one core each to store); --noise leaves them sharp, the
// encoders' worst case (about twice that). 64 different ones are named 4 × ROWS ways.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { finished } from 'node:stream/promises'
import sharp from 'sharp'
import { stringify } from 'csv-stringify/sync'
import yazl from 'yazl'

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    out: { type: 'string', default: 'catalog-sample' },
    width: { type: 'string', default: '1200' },
    height: { type: 'string', default: '1500' },
    noise: { type: 'boolean', default: false },
  },
})
const rows = Number(values.rows)
const width = Number(values.width)
const height = Number(values.height)
if (!Number.isInteger(rows) || rows < 1 || !Number.isInteger(width) || !Number.isInteger(height)) {
  console.error('Usage: npm run catalog:sample -- [--rows 10000] [--out DIR] [--width 1200] [--height 1500] [--noise]')
  process.exit(1)
}
fs.mkdirSync(values.out, { recursive: true })

const photos = await Promise.all(
  Array.from({ length: 64 }, async (_, i) => {
    const noise = await sharp({
      create: { width, height, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 100 + i, sigma: 40 } },
    })
      .png()
      .toBuffer()
    return (values.noise ? sharp(noise) : sharp(noise).blur(6)).jpeg({ quality: 85 }).toBuffer()
  }),
)

const categories = ['Men', 'Women', 'Kids'] as const
const subCategories = ['TopWear', 'BottomWear', 'WinterWear'] as const
const csv = fs.createWriteStream(path.join(values.out, 'products.csv'))
const zip = new yazl.ZipFile()
const zipDone = finished(zip.outputStream.pipe(fs.createWriteStream(path.join(values.out, 'photos.zip'))))
const write = async (text: string) => {
  if (!csv.write(text)) await new Promise<void>((resolve) => csv.once('drain', () => resolve()))
}
await write(
  stringify([
    [
      'code',
      'name',
      'name_ur',
      'description',
      'category',
      'sub_category',
      'price',
      'stock S',
      'stock M',
      'stock L',
      'stock XL',
      'photo1',
      'photo2',
      'photo3',
      'photo4',
    ],
  ]),
)
for (let i = 0; i < rows; i++) {
  const code = `sample-${String(i).padStart(6, '0')}`
  const files = [1, 2, 3, 4].map((slot) => `${code}/${slot}.jpg`)
  // JPEGs do not shrink when deflated: stored as they are, as a zip tool does.
  files.forEach((name, slot) => zip.addBuffer(photos[(i * 4 + slot) % photos.length]!, name, { compress: false }))
  await write(
    stringify([
      [
        code,
        `Sample Cotton Shirt ${i}`,
        `نمونہ سوتی شرٹ ${i}`,
        'A sample product for measuring the catalog import.',
        categories[i % 3],
        subCategories[Math.floor(i / 3) % 3],
        String(1000 + (i % 50) * 100),
        String(i % 7),
        String(i % 11),
        String(i % 5),
        '',
        ...files,
      ],
    ]),
  )
}
zip.end()
csv.end()
await Promise.all([finished(csv), zipDone])
console.error(`Wrote ${rows} products to ${values.out}/products.csv and ${rows * 4} photos to ${values.out}/photos.zip`)
