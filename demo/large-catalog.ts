// A large catalog for measuring the store at sizes a real shop reaches (npm run db:seed --
// --products N, npm run bench:catalog). Every generated product is a variation of one of
// the demo products and shows that product's pictures, so its name keeps the garment the
// pictures show (a jeans picture is always named jeans), its colour is one near the
// picture's main colour, and its sizes and size chart are the demo product's own.
// Product i depends only on (seed, i, total, now): the same options give the same
// catalog, a chunk at a time, in any chunk size.
import type { Category, SubCategory } from '#contracts/catalog.ts'
import type { DemoProduct, GarmentKind } from '#demo/catalog-types.ts'
import { demoCatalog } from '#demo/catalog.ts'
import { imageKey, imageViews } from '#server/catalog/images.ts'
import type { NewProduct } from '#server/catalog/service.ts'
import { demoStock } from '#demo/seed.ts'
import { urduName, urduOpening, urduSentences } from '#demo/large-catalog-urdu.ts'

export interface LargeCatalogOptions {
  /** The newest product's creation time (epoch ms); the others go back from it. */
  now: number
  /** Another seed, another catalog of the same shape. */
  seed?: number
  /** Creation dates spread evenly over this many days before `now`. */
  spanDays?: number
  /** Products per yielded array. */
  chunkSize?: number
}

/** The generated products, `chunkSize` at a time, in catalog order (the newest first). */
export function* largeCatalog(total: number, options: LargeCatalogOptions): Generator<NewProduct[]> {
  const chunkSize = options.chunkSize ?? 5000
  for (let start = 0; start < total; start += chunkSize) {
    const end = Math.min(total, start + chunkSize)
    const chunk: NewProduct[] = []
    for (let i = start; i < end; i++) chunk.push(largeCatalogProduct(i, total, options))
    yield chunk
  }
}

const MIN_PRICE = 490
const MAX_PRICE = 12_990
const DAY_MS = 86_400_000

/** Product `i` of a generated catalog of `total`. */
export function largeCatalogProduct(i: number, total: number, options: LargeCatalogOptions): NewProduct {
  const random = prng((options.seed ?? 1) ^ Math.imul(i + 1, 0x9e3779b1))
  // Round robin over the nine pairs, then over each pair's demo products: any 54
  // neighbours show 54 different pictures, and every pair holds a ninth of the catalog.
  const pair = pairs[i % pairs.length]!
  const base = pair[Math.floor(i / pairs.length) % pair.length]!
  const words = wordsFor(base)

  const colour = pickWeighted(random, words.colours, [5, 3, 2])
  const fabric = words.fabrics.length && random() < 0.7 ? pick(random, words.fabrics) : null
  const patterned = words.patterns.length > 0 && random() < 0.5
  const style = patterned ? pick(random, words.patterns) : random() < 0.75 ? pick(random, words.styles) : null
  const noun = pick(random, words.nouns)
  // Not every name has every part: "Men Navy Slim Fit Linen Shirt", "Men Olive Shirt".
  const withColour = !style || !fabric || random() < 0.6 ? colour : null
  const name = [base.category, withColour, style, fabric, noun].filter(Boolean).join(' ')
  const nameUr = urduName({ category: base.category, colour: withColour, style, fabric, noun })

  const bestSeller = random() < 1 / 12
  const price = priceNear(base.price, random)
  const spanMs = (options.spanDays ?? 3 * 365) * DAY_MS
  const createdAt = Math.round(options.now - (spanMs * (i + random())) / Math.max(total, 1))

  const description = describe(base, { colour, fabric, style, noun }, random)
  return {
    id: `${base.id}-g${i}`,
    name,
    nameUr,
    description: description.english,
    descriptionUr: description.urdu,
    price,
    category: base.category,
    subCategory: base.subCategory,
    sizes: [...base.sizes],
    stock: Object.fromEntries(base.sizes.map((size, k) => [size, demoStock(i, k, base.sizes.length)])),
    sizeChart: (base.sizeChart ?? []).map((row) => ({ ...row })),
    bestSeller,
    images: imageViews.map((view) => imageKey(base.id, view)) as NewProduct['images'],
    createdAt,
  }
}

// ---- the demo products, by pair ------------------------------------------------------

const categoryOrder: Category[] = ['Men', 'Women', 'Kids']
const subCategoryOrder: SubCategory[] = ['TopWear', 'BottomWear', 'WinterWear']
const pairs: DemoProduct[][] = categoryOrder.flatMap((category) =>
  subCategoryOrder.map((subCategory) =>
    demoCatalog.filter((p) => p.category === category && p.subCategory === subCategory),
  ),
)
if (pairs.some((p) => p.length === 0)) throw new Error('the demo catalog must cover all nine pairs')

// ---- words --------------------------------------------------------------------------

/** What a garment is called when the picture says no more than its kind. */
const garmentNouns: Record<GarmentKind, string[]> = {
  tshirt: ['T-Shirt', 'Tee'],
  polo: ['Polo', 'Polo Shirt'],
  shirt: ['Shirt'],
  kurta: ['Kurta'],
  blouse: ['Blouse', 'Top'],
  dress: ['Dress'],
  jeans: ['Jeans'],
  trousers: ['Trousers'],
  shorts: ['Shorts'],
  skirt: ['Skirt'],
  joggers: ['Joggers'],
  hoodie: ['Hoodie'],
  sweater: ['Sweater', 'Jumper'],
  jacket: ['Jacket'],
  puffer: ['Puffer Jacket', 'Puffer'],
  coat: ['Coat'],
}

/** Where a demo product's picture shows more than its kind: what the name may say. */
const pictureNouns: Record<string, string[]> = {
  'kids-floral-cotton-frock': ['Frock', 'Summer Frock'],
  'women-printed-wide-leg-palazzo': ['Palazzo', 'Wide-Leg Palazzo'],
  'men-wool-blend-overcoat': ['Overcoat', 'Coat'],
  'women-longline-wool-blend-coat': ['Longline Coat', 'Coat'],
  'kids-double-breasted-wool-blend-coat': ['Double-Breasted Coat', 'Coat'],
  'men-olive-bomber-jacket': ['Bomber Jacket', 'Bomber'],
  'kids-zip-through-bomber-jacket': ['Bomber Jacket', 'Zip-Through Bomber'],
  'men-denim-trucker-jacket': ['Denim Jacket', 'Trucker Jacket'],
  'women-cropped-denim-jacket': ['Denim Jacket', 'Cropped Denim Jacket'],
  'kids-hooded-puffer-jacket': ['Hooded Puffer Jacket', 'Puffer Jacket'],
  'kids-fleece-zip-hoodie': ['Zip Hoodie', 'Hoodie'],
  'women-fleece-zip-hoodie': ['Zip Hoodie', 'Hoodie'],
  'men-fleece-pullover-hoodie': ['Pullover Hoodie', 'Hoodie'],
  'kids-fleece-pullover-hoodie': ['Pullover Hoodie', 'Hoodie'],
  'men-stretch-chino-trousers': ['Chinos', 'Chino Trousers'],
  'kids-cotton-chino-trousers': ['Chinos', 'Chino Trousers'],
  'men-tailored-formal-trousers': ['Formal Trousers', 'Trousers'],
  'women-cotton-cigarette-trousers': ['Cigarette Trousers', 'Trousers'],
  'men-cotton-chino-shorts': ['Chino Shorts', 'Shorts'],
  'kids-twill-cargo-shorts': ['Cargo Shorts'],
  'kids-denim-shorts': ['Denim Shorts'],
  'men-mountain-graphic-t-shirt': ['Graphic T-Shirt', 'Graphic Tee'],
  'kids-star-print-t-shirt': ['Star Print T-Shirt', 'Graphic T-Shirt'],
  'women-gingham-midi-dress': ['Midi Dress', 'Gingham Dress'],
  'women-sage-pleated-midi-skirt': ['Pleated Midi Skirt', 'Midi Skirt'],
  'women-a-line-denim-skirt': ['Denim Skirt', 'A-Line Skirt'],
  'kids-checked-a-line-skirt': ['A-Line Skirt', 'Skirt'],
  'men-cable-knit-crew-sweater': ['Cable Knit Sweater', 'Sweater'],
  'women-fair-isle-sweater': ['Fair Isle Sweater'],
  'women-tie-neck-georgette-blouse': ['Tie-Neck Blouse', 'Blouse'],
  'women-chikankari-cotton-kurta': ['Chikankari Kurta', 'Kurta'],
  'men-cotton-band-collar-kurta': ['Band Collar Kurta', 'Kurta'],
  'kids-embroidered-cotton-kurta': ['Embroidered Kurta', 'Kurta'],
}

const denim = ['Denim', 'Stretch Denim', 'Cotton Denim', 'Washed Denim', 'Rigid Denim']

/** Fabrics each kind of garment is made in. */
const garmentFabrics: Record<GarmentKind, string[]> = {
  tshirt: ['Cotton', 'Jersey', 'Organic Cotton', 'Combed Cotton', 'Slub Cotton'],
  polo: ['Pique', 'Cotton Pique', 'Cotton', 'Jersey'],
  shirt: ['Cotton', 'Poplin', 'Oxford', 'Linen', 'Linen-Blend', 'Chambray', 'Twill'],
  kurta: ['Lawn', 'Khaddar', 'Cotton', 'Linen', 'Cambric', 'Karandi', 'Jacquard'],
  blouse: ['Georgette', 'Chiffon', 'Crepe', 'Cotton', 'Satin', 'Viscose'],
  dress: ['Cotton', 'Lawn', 'Linen', 'Poplin', 'Viscose'],
  jeans: denim,
  trousers: ['Cotton', 'Linen', 'Twill', 'Stretch Cotton', 'Linen-Blend', 'Viscose'],
  shorts: ['Cotton', 'Twill', 'Linen', 'Cotton Twill'],
  skirt: ['Cotton', 'Crepe', 'Linen', 'Viscose'],
  joggers: ['Fleece', 'Jersey', 'Cotton', 'French Terry', 'Cotton Fleece'],
  hoodie: ['Fleece', 'Cotton Fleece', 'French Terry', 'Brushed Fleece'],
  sweater: ['Wool-Blend', 'Cotton Knit', 'Merino', 'Acrylic Knit', 'Lambswool'],
  jacket: ['Cotton Twill', 'Nylon', 'Canvas', 'Ripstop'],
  puffer: ['Nylon', 'Ripstop', 'Recycled Nylon'],
  coat: ['Wool-Blend', 'Tweed', 'Melton', 'Wool'],
}

/** Fits, cuts and occasions that suit each kind whatever the picture's details. */
const garmentStyles: Record<GarmentKind, string[]> = {
  tshirt: ['Regular Fit', 'Relaxed', 'Oversized', 'Essential', 'Everyday', 'Classic', 'Crew Neck'],
  polo: ['Classic', 'Regular Fit', 'Slim Fit', 'Everyday', 'Short Sleeve'],
  shirt: ['Slim Fit', 'Regular Fit', 'Classic', 'Casual', 'Relaxed', 'Long Sleeve'],
  kurta: ['Embroidered', 'Straight-Cut', 'Classic', 'Everyday', 'Festive', 'Eid'],
  blouse: ['Relaxed', 'Classic', 'Everyday', 'Office', 'Lightweight'],
  dress: ['Flared', 'Everyday', 'Summer', 'Classic', 'Party'],
  jeans: ['Slim Fit', 'Straight Fit', 'Regular Fit', 'Relaxed', 'Tapered', 'Mid-Rise'],
  trousers: ['Slim Fit', 'Straight', 'Relaxed', 'Tailored', 'Regular Fit', 'Smart'],
  shorts: ['Relaxed', 'Regular Fit', 'Everyday', 'Summer', 'Pull-On'],
  skirt: ['Flared', 'Everyday', 'Classic', 'Summer'],
  joggers: ['Relaxed', 'Tapered', 'Slim Fit', 'Everyday', 'Cuffed', 'Lounge'],
  hoodie: ['Relaxed', 'Oversized', 'Classic', 'Everyday', 'Lightweight', 'Warm'],
  sweater: ['Classic', 'Relaxed', 'Soft', 'Warm', 'Everyday', 'Crew Neck'],
  jacket: ['Classic', 'Lightweight', 'Relaxed', 'Everyday', 'Winter'],
  puffer: ['Lightweight', 'Warm', 'Quilted', 'Classic', 'Winter', 'Padded'],
  coat: ['Tailored', 'Classic', 'Winter', 'Warm', 'Smart'],
}

/** Colour names and the colours they name: a product is called by one near its picture's. */
const colourNames: [name: string, hex: string][] = [
  ['Black', '#1C1C1C'],
  ['Charcoal', '#36393F'],
  ['Grey', '#8A8D91'],
  ['Heather Grey', '#A7A9AC'],
  ['Navy', '#1F2A44'],
  ['Indigo', '#2F4A6E'],
  ['Slate Blue', '#5A6F8F'],
  ['Royal Blue', '#2F5DBA'],
  ['Bright Blue', '#3B7DD0'],
  ['Cobalt', '#1F4FB5'],
  ['Mid Blue', '#5B82B5'],
  ['Sky Blue', '#A9C4E2'],
  ['Powder Blue', '#C6D8EA'],
  ['Light Blue', '#9DB9D6'],
  ['Teal', '#2C7A7B'],
  ['Aqua', '#62B0A6'],
  ['Petrol Blue', '#2E4A5A'],
  ['Bottle Green', '#2F5D46'],
  ['Emerald', '#2E8B57'],
  ['Olive', '#5C6B3C'],
  ['Army Green', '#78805A'],
  ['Sage', '#A3B18A'],
  ['Mint', '#BEE3CF'],
  ['Khaki', '#B5A57A'],
  ['Stone', '#CFC6B4'],
  ['Sand', '#D8C7A3'],
  ['Beige', '#D9C7A7'],
  ['Oatmeal', '#D8CFBF'],
  ['Camel', '#C19A6B'],
  ['Tan', '#B08059'],
  ['Brown', '#6B4A33'],
  ['Chocolate', '#4A2F22'],
  ['Rust', '#B7472A'],
  ['Terracotta', '#C4623F'],
  ['Mustard', '#D9A03A'],
  ['Butter Yellow', '#F6E3A1'],
  ['Lemon', '#F2E06B'],
  ['Coral', '#EF7D6A'],
  ['Peach', '#F4C2A8'],
  ['Blush', '#F4D3CE'],
  ['Dusty Pink', '#D8A1A6'],
  ['Rose', '#D9546E'],
  ['Red', '#B8322F'],
  ['Cherry Red', '#B1344A'],
  ['Maroon', '#6D1F2A'],
  ['Burgundy', '#7A1F3D'],
  ['Plum', '#6E3A5E'],
  ['Lilac', '#C7B3D9'],
  ['Lavender', '#B9A6D6'],
  ['Ivory', '#F3EFE3'],
  ['Off-White', '#EEEBE3'],
  ['White', '#F7F7F5'],
  ['Cream', '#F1E7D6'],
  ['Ecru', '#E8DFC9'],
]

const patternWords: Record<DemoProduct['pattern'], string[]> = {
  plain: [],
  print: ['Printed'],
  stripes: ['Striped'],
  checks: ['Checked'],
}

interface Words {
  colours: string[]
  fabrics: string[]
  styles: string[]
  patterns: string[]
  nouns: string[]
}

const wordsCache = new Map<string, Words>()

function wordsFor(base: DemoProduct): Words {
  const cached = wordsCache.get(base.id)
  if (cached) return cached
  const nouns = pictureNouns[base.id] ?? garmentNouns[base.garment]
  const isDenim = base.garment === 'jeans' || base.id.includes('denim')
  // A word the noun already says is not said twice ("Denim Denim Jacket").
  const fresh = (list: string[]) => list.filter((w) => nouns.every((n) => !overlaps(w, n)))
  // A knitted Fair Isle is not "Printed", though the generator draws it as a print.
  const patterns = /fair isle/i.test(base.name) ? [] : [...patternWords[base.pattern]]
  if (base.pattern === 'print' && /floral/i.test(base.name)) patterns.push('Floral', 'Floral Print')
  if (base.pattern === 'checks' && /gingham/i.test(base.name)) patterns.push('Gingham')
  if (base.pattern === 'checks' && base.garment === 'shirt' && /flannel/i.test(base.description))
    patterns.push('Flannel')
  const words: Words = {
    colours: nearestColours(base.colors.main, 3),
    fabrics: fresh(isDenim ? denim : garmentFabrics[base.garment]),
    styles: fresh(garmentStyles[base.garment]),
    patterns: fresh(patterns),
    nouns,
  }
  wordsCache.set(base.id, words)
  return words
}

/** Two phrases share a word (by its first five letters: "Print" and "Printed"). */
function overlaps(a: string, b: string): boolean {
  const stems = (s: string) =>
    s
      .toLowerCase()
      .split(/[\s-]+/)
      .map((w) => w.slice(0, 5))
  const other = stems(b)
  return stems(a).some((w) => other.includes(w))
}

/** Names for the picture's colour, nearest first: the nearest, and up to `count` as close. */
function nearestColours(hex: string, count: number): string[] {
  const target = lab(hex)
  const ranked = colourNames
    .map(([name, value]) => ({ name, d: Math.hypot(...lab(value).map((v, i) => v - target[i]!)) }))
    .sort((x, y) => x.d - y.d)
  return ranked
    .slice(0, count)
    .filter((c, i) => i === 0 || c.d <= 10)
    .map((c) => c.name)
}

/** CIELAB (D65): distances in it are close to how different two colours look. */
function lab(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16)
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const v = c / 255
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t) / 116 + 16 / 116)
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047)
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b)
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)]
}

// ---- prices and descriptions --------------------------------------------------------

/** Price factors around the demo product's price, the middle ones most often. */
const priceFactors = [0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1, 1, 1, 1.05, 1.1, 1.15, 1.2, 1.3, 1.45, 1.6]

/** Whole rupees ending in 90 (or 50), as shops price: many products share a price. */
function priceNear(basePrice: number, random: () => number): number {
  const target = basePrice * pick(random, priceFactors)
  const price = random() < 0.8 ? Math.round(target / 100) * 100 - 10 : Math.round(target / 100) * 100 - 50
  return Math.min(MAX_PRICE, Math.max(MIN_PRICE, price))
}

/** The first sentence: 0 names the fabric or else an occasion; 1 the fabric if any and an occasion. */
const openings = [
  (p: Phrase) => (p.material ? `${p.subject} in ${p.material}.` : `${p.subject}, ${p.occasion}.`),
  (p: Phrase) => `${p.subject}${p.material ? ` in ${p.material}` : ''}, ${p.occasion}.`,
]

const occasions = [
  'made for everyday wear',
  'easy to dress up or down',
  'a staple for the new season',
  'cut for comfort through long days',
  'comfortable from morning to evening',
  'simple to pair with what you already own',
]

interface Phrase {
  subject: string
  material: string | null
  occasion: string | null
}

/** Nouns that take no article: "Slim fit navy jeans", not "A slim fit navy jeans". */
const pluralNouns = /(jeans|trousers|shorts|joggers|chinos)$/i
/** Words about fit: where the name gives one, the demo product's own fit is not repeated. */
const fitWords = /\b(fit|relaxed|slim|oversized|tapered|straight|tailored|skinny|cropped)\b/i

/**
 * The description in English and in Urdu: a first sentence of the variation's own, then
 * the demo product's others that still hold. The demo product's Urdu description says
 * sentence for sentence what its English one says, so the same sentences are kept.
 */
function describe(
  base: DemoProduct,
  parts: { colour: string; fabric: string | null; style: string | null; noun: string },
  random: () => number,
): { english: string; urdu: string | null } {
  const words = [parts.style, parts.colour, parts.noun].filter((w) => w !== null).map(lower)
  const subject = pluralNouns.test(parts.noun)
    ? capitalise(words.join(' '))
    : `${/^[aeiou]/i.test(words[0]!) ? 'An' : 'A'} ${words.join(' ')}`
  const material = parts.fabric && lower(parts.fabric)
  // Drawn in the order they always were, so a seed gives the catalog it always gave.
  const opening = Math.floor(random() * openings.length)
  const occasion = opening === 1 || !material ? Math.floor(random() * occasions.length) : null
  // The demo product's details and care hold for every variation of its picture; its
  // first sentence (colour and fabric) and any other fabric or contrary fit claim do not.
  const statesFit = parts.style !== null && fitWords.test(parts.style)
  const kept = sentences(base.description)
    .map((s, i) => ({ s, i }))
    .slice(1)
    .filter(({ s }) => !/^made (from|in)\b/i.test(s) && !(statesFit && fitWords.test(s)))
  const english = openings[opening]!({ subject, material, occasion: occasion === null ? null : occasions[occasion]! })
  const urdu = base.descriptionUr ? urduSentences(base.descriptionUr) : null
  return {
    english: [english, ...kept.map(({ s }) => s)].join(' '),
    urdu: urdu && [urduOpening(parts, opening, occasion), ...kept.map(({ i }) => urdu[i]!)].join(' '),
  }
}

function sentences(text: string): string[] {
  return text.split(/(?<=\.)\s+(?=[A-Z])/)
}

/** Lower case, except the words that keep their capital (T-shirt, Fair Isle, Eid, Oxford). */
function lower(phrase: string): string {
  return phrase
    .split(' ')
    .map((w) => (/^(Fair|Isle|Eid|Oxford|French)$/.test(w) ? w : w === 'T-Shirt' ? 'T-shirt' : w.toLowerCase()))
    .join(' ')
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

// ---- randomness ---------------------------------------------------------------------

/** mulberry32: a small, fast seeded generator (uniform in [0, 1)). */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!
}

function pickWeighted<T>(random: () => number, list: readonly T[], weights: readonly number[]): T {
  const used = weights.slice(0, list.length)
  let r = random() * used.reduce((a, b) => a + b, 0)
  for (let i = 0; i < used.length; i++) {
    r -= used[i]!
    if (r < 0) return list[i]!
  }
  return list[list.length - 1]!
}
