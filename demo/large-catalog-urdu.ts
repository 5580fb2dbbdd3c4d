// The large catalog's names and descriptions in Urdu (demo/large-catalog.ts). A generated
// name is made of parts, so the parts are translated and put together as a Pakistani shop
// writes a name: the category, colour, style or pattern, fabric and garment, in that
// order ("مردانہ نیوی بلیو سلم فٹ لینن شرٹ"). Where shoppers use the English word (شرٹ,
// جینز, سلم فٹ, ڈینم) it stays English in Urdu letters. Colours and styles are words
// that do not change with the garment's gender (سیاہ, آسمانی, دھاری دار: not کالا/کالی),
// so only the children's "بچوں کا / کی / کے" follows the garment.
import type { Category } from '#contracts/catalog.ts'

/** A garment's word and its grammar: masculine, feminine, or masculine plural (شارٹس, جوگرز). */
type Noun = readonly [word: string, gender: 'm' | 'f' | 'mp']

const categories: Record<Exclude<Category, 'Kids'>, string> = { Men: 'مردانہ', Women: 'زنانہ' }
const kids = { m: 'بچوں کا', f: 'بچوں کی', mp: 'بچوں کے' } as const

const colours: Record<string, string> = {
  Black: 'سیاہ',
  Charcoal: 'چارکول',
  Grey: 'سرمئی',
  'Heather Grey': 'ہیدر گرے',
  Navy: 'نیوی بلیو',
  Indigo: 'انڈیگو',
  'Slate Blue': 'سلیٹ بلیو',
  'Royal Blue': 'رائل بلیو',
  'Bright Blue': 'برائٹ بلیو',
  Cobalt: 'کوبالٹ بلیو',
  'Mid Blue': 'مڈ بلیو',
  'Sky Blue': 'آسمانی',
  'Powder Blue': 'پاؤڈر بلیو',
  'Light Blue': 'لائٹ بلیو',
  Teal: 'ٹیل',
  Aqua: 'فیروزی',
  'Petrol Blue': 'پیٹرول بلیو',
  'Bottle Green': 'بوتل گرین',
  Emerald: 'زمردی',
  Olive: 'زیتونی',
  'Army Green': 'آرمی گرین',
  Sage: 'سیج گرین',
  Mint: 'منٹ گرین',
  Khaki: 'خاکی',
  Stone: 'اسٹون',
  Sand: 'سینڈ',
  Beige: 'بیج',
  Oatmeal: 'اوٹ میل',
  Camel: 'کیمل',
  Tan: 'بادامی',
  Brown: 'براؤن',
  Chocolate: 'چاکلیٹی',
  Rust: 'رسٹ',
  Terracotta: 'ٹیراکوٹا',
  Mustard: 'مسٹرڈ',
  'Butter Yellow': 'بٹر یلو',
  Lemon: 'لیمن یلو',
  Coral: 'کورل',
  Peach: 'پیچ',
  Blush: 'بلش پنک',
  'Dusty Pink': 'ڈسٹی پنک',
  Rose: 'گلابی',
  Red: 'سرخ',
  'Cherry Red': 'چیری ریڈ',
  Maroon: 'میرون',
  Burgundy: 'برگنڈی',
  Plum: 'جامنی',
  Lilac: 'لائلک',
  Lavender: 'لیونڈر',
  Ivory: 'آئیوری',
  'Off-White': 'آف وائٹ',
  White: 'سفید',
  Cream: 'کریم',
  Ecru: 'ایکرو',
}

const fabrics: Record<string, string> = {
  Cotton: 'سوتی',
  Jersey: 'جرسی',
  'Organic Cotton': 'آرگینک کاٹن',
  'Combed Cotton': 'کومبڈ کاٹن',
  'Slub Cotton': 'سلب کاٹن',
  Pique: 'پیکے',
  'Cotton Pique': 'کاٹن پیکے',
  Poplin: 'پاپلن',
  Oxford: 'آکسفورڈ',
  Linen: 'لینن',
  'Linen-Blend': 'لینن بلینڈ',
  Chambray: 'شیمبرے',
  Twill: 'ٹوئل',
  Lawn: 'لان',
  Khaddar: 'کھدر',
  Cambric: 'کیمبرک',
  Karandi: 'کرنڈی',
  Jacquard: 'جیکارڈ',
  Georgette: 'جارجٹ',
  Chiffon: 'شیفون',
  Crepe: 'کریپ',
  Satin: 'ساٹن',
  Viscose: 'وسکوس',
  Denim: 'ڈینم',
  'Stretch Denim': 'اسٹریچ ڈینم',
  'Cotton Denim': 'کاٹن ڈینم',
  'Washed Denim': 'واشڈ ڈینم',
  'Rigid Denim': 'رجڈ ڈینم',
  'Stretch Cotton': 'اسٹریچ کاٹن',
  'Cotton Twill': 'کاٹن ٹوئل',
  Fleece: 'فلیس',
  'French Terry': 'فرنچ ٹیری',
  'Cotton Fleece': 'کاٹن فلیس',
  'Brushed Fleece': 'برشڈ فلیس',
  'Wool-Blend': 'وول بلینڈ',
  'Cotton Knit': 'کاٹن نٹ',
  Merino: 'میرینو',
  'Acrylic Knit': 'ایکریلک نٹ',
  Lambswool: 'لیمبز وول',
  Nylon: 'نائلون',
  Canvas: 'کینوس',
  Ripstop: 'رپ اسٹاپ',
  'Recycled Nylon': 'ری سائیکلڈ نائلون',
  Tweed: 'ٹوئیڈ',
  Melton: 'میلٹن',
  Wool: 'اونی',
}

/** The fabrics named by an adjective (cotton, woollen) rather than a noun. */
const fabricAdjectives = new Set(['سوتی', 'اونی'])

/** Fits, cuts, occasions and patterns. */
const styles: Record<string, string> = {
  'Regular Fit': 'ریگولر فٹ',
  'Slim Fit': 'سلم فٹ',
  'Straight Fit': 'اسٹریٹ فٹ',
  Relaxed: 'ریلیکسڈ',
  Oversized: 'اوور سائز',
  Essential: 'بیسک',
  Everyday: 'روزمرہ',
  Classic: 'کلاسک',
  'Crew Neck': 'راؤنڈ نیک',
  'Short Sleeve': 'ہاف سلیو',
  'Long Sleeve': 'فل سلیو',
  Casual: 'کیژول',
  Embroidered: 'کڑھائی دار',
  'Straight-Cut': 'اسٹریٹ کٹ',
  Festive: 'تہواری',
  Eid: 'عید اسپیشل',
  Office: 'آفس',
  Lightweight: 'لائٹ ویٹ',
  Flared: 'گھیردار',
  Summer: 'سمر',
  Party: 'پارٹی',
  Tapered: 'ٹیپرڈ',
  'Mid-Rise': 'مڈ رائز',
  Straight: 'اسٹریٹ',
  Tailored: 'ٹیلرڈ',
  Smart: 'اسمارٹ',
  'Pull-On': 'پل آن',
  Cuffed: 'کفڈ',
  Lounge: 'لاؤنج',
  Warm: 'گرم',
  Soft: 'نرم',
  Winter: 'ونٹر',
  Quilted: 'کوئلٹڈ',
  Padded: 'پیڈڈ',
  Printed: 'پرنٹڈ',
  Striped: 'دھاری دار',
  Checked: 'چیک دار',
  Floral: 'پھول دار',
  'Floral Print': 'فلورل پرنٹ',
  Gingham: 'گنگھم',
  Flannel: 'فلالین',
}

const nouns: Record<string, Noun> = {
  'T-Shirt': ['ٹی شرٹ', 'f'],
  Tee: ['ٹی شرٹ', 'f'],
  Polo: ['پولو شرٹ', 'f'],
  'Polo Shirt': ['پولو شرٹ', 'f'],
  Shirt: ['شرٹ', 'f'],
  Kurta: ['کرتا', 'm'],
  Blouse: ['بلاؤز', 'm'],
  Top: ['ٹاپ', 'm'],
  Dress: ['ڈریس', 'm'],
  Jeans: ['جینز', 'f'],
  Trousers: ['ٹراؤزر', 'm'],
  Shorts: ['شارٹس', 'mp'],
  Skirt: ['اسکرٹ', 'f'],
  Joggers: ['جوگرز', 'mp'],
  Hoodie: ['ہوڈی', 'f'],
  Sweater: ['سویٹر', 'm'],
  Jumper: ['جرسی', 'f'],
  Jacket: ['جیکٹ', 'f'],
  'Puffer Jacket': ['پفر جیکٹ', 'f'],
  Puffer: ['پفر جیکٹ', 'f'],
  Coat: ['کوٹ', 'm'],
  Frock: ['فراک', 'f'],
  'Summer Frock': ['سمر فراک', 'f'],
  Palazzo: ['پلازو', 'm'],
  'Wide-Leg Palazzo': ['کھلے پائنچوں والا پلازو', 'm'],
  Overcoat: ['اوور کوٹ', 'm'],
  'Longline Coat': ['لانگ کوٹ', 'm'],
  'Double-Breasted Coat': ['ڈبل بریسٹ کوٹ', 'm'],
  'Bomber Jacket': ['بمبر جیکٹ', 'f'],
  Bomber: ['بمبر جیکٹ', 'f'],
  'Zip-Through Bomber': ['زپ بمبر جیکٹ', 'f'],
  'Denim Jacket': ['ڈینم جیکٹ', 'f'],
  'Trucker Jacket': ['ٹرکر جیکٹ', 'f'],
  'Cropped Denim Jacket': ['کراپڈ ڈینم جیکٹ', 'f'],
  'Hooded Puffer Jacket': ['ٹوپی والی پفر جیکٹ', 'f'],
  'Zip Hoodie': ['زپ ہوڈی', 'f'],
  'Pullover Hoodie': ['پل اوور ہوڈی', 'f'],
  Chinos: ['چینو پینٹ', 'f'],
  'Chino Trousers': ['چینو ٹراؤزر', 'm'],
  'Formal Trousers': ['فارمل ٹراؤزر', 'm'],
  'Cigarette Trousers': ['سگریٹ پینٹ', 'f'],
  'Chino Shorts': ['چینو شارٹس', 'mp'],
  'Cargo Shorts': ['کارگو شارٹس', 'mp'],
  'Denim Shorts': ['ڈینم شارٹس', 'mp'],
  'Graphic T-Shirt': ['گرافک ٹی شرٹ', 'f'],
  'Graphic Tee': ['گرافک ٹی شرٹ', 'f'],
  'Star Print T-Shirt': ['اسٹار پرنٹ ٹی شرٹ', 'f'],
  'Midi Dress': ['مڈی ڈریس', 'm'],
  'Gingham Dress': ['گنگھم ڈریس', 'm'],
  'Pleated Midi Skirt': ['پلیٹڈ مڈی اسکرٹ', 'f'],
  'Midi Skirt': ['مڈی اسکرٹ', 'f'],
  'Denim Skirt': ['ڈینم اسکرٹ', 'f'],
  'A-Line Skirt': ['اے لائن اسکرٹ', 'f'],
  'Cable Knit Sweater': ['کیبل نٹ سویٹر', 'm'],
  'Fair Isle Sweater': ['فیئر آئل سویٹر', 'm'],
  'Tie-Neck Blouse': ['ٹائی نیک بلاؤز', 'm'],
  'Chikankari Kurta': ['چکن کاری کرتا', 'm'],
  'Embroidered Kurta': ['کڑھائی دار کرتا', 'm'],
  'Band Collar Kurta': ['بین کالر کرتا', 'm'],
}

function word(table: Record<string, string>, english: string): string {
  const urdu = table[english]
  if (urdu === undefined) throw new Error(`no Urdu for "${english}"`)
  return urdu
}

function noun(english: string): Noun {
  const found = nouns[english]
  if (!found) throw new Error(`no Urdu for "${english}"`)
  return found
}

/** The parts a generated product's name is made of, in English. */
export interface NameParts {
  category: Category
  colour: string | null
  style: string | null
  fabric: string | null
  noun: string
}

/** The name in Urdu, made of the same parts as the English one. */
export function urduName(parts: NameParts): string {
  const [garment, gender] = noun(parts.noun)
  const category = parts.category === 'Kids' ? kids[gender] : categories[parts.category]
  return [
    category,
    parts.colour && word(colours, parts.colour),
    parts.style && word(styles, parts.style),
    parts.fabric && word(fabrics, parts.fabric),
    garment,
  ]
    .filter(Boolean)
    .join(' ')
}

/** The English occasions of large-catalog.ts, in the same order. */
const occasions = [
  'روزمرہ پہننے کے لیے',
  'سادہ بھی پہنیں اور سج دھج کر بھی',
  'نئے سیزن کی بنیادی ضرورت',
  'دن بھر کے آرام کے لیے تیار کردہ',
  'صبح سے شام تک آرام دہ',
  'آپ کے موجودہ کپڑوں کے ساتھ آسانی سے جچے',
]

/**
 * A generated description's first sentence, as the English one was chosen: `opening` 0
 * names the fabric or else an occasion, 1 the fabric if any and an occasion
 * ("سلم فٹ نیوی بلیو شرٹ، لینن کے کپڑے میں، روزمرہ پہننے کے لیے۔").
 */
export function urduOpening(
  parts: { colour: string; style: string | null; fabric: string | null; noun: string },
  opening: number,
  occasion: number | null,
): string {
  const subject = [parts.style && word(styles, parts.style), word(colours, parts.colour), noun(parts.noun)[0]]
    .filter(Boolean)
    .join(' ')
  const fabric = parts.fabric && word(fabrics, parts.fabric)
  // "سوتی کپڑے میں" (an adjective, as اونی), but "لینن کے کپڑے میں".
  const material = fabric && (fabricAdjectives.has(fabric) ? `${fabric} کپڑے میں` : `${fabric} کے کپڑے میں`)
  const said = occasion === null ? null : occasions[occasion]!
  const clauses = opening === 0 ? [subject, material ?? said] : [subject, material, said]
  return `${clauses.filter(Boolean).join('، ')}۔`
}

/** An Urdu text's sentences, each ending with its full stop (۔), question mark or exclamation mark. */
export function urduSentences(text: string): string[] {
  return text.split(/(?<=[۔؟!])\s+/).filter(Boolean)
}
