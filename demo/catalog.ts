// The demo catalog: 54 products, six in each of the nine category x sub-category pairs.
// The first eight are the home page's "Latest Collection", so they are a mix on purpose.
// scripts/generate-product-images.ts draws every product's pictures from these records.

import type { SizeChartRow } from '#contracts/catalog.ts'
import type { DemoProduct } from '#demo/catalog-types.ts'

export const adultSizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const
export const kidsSizes = ['2-3Y', '4-5Y', '6-7Y', '8-9Y', '10-11Y', '12-13Y'] as const

type AdultSize = (typeof adultSizes)[number]
type KidsSize = (typeof kidsSizes)[number]

function range<T extends string>(scale: readonly T[], from: T, to: T): string[] {
  return scale.slice(scale.indexOf(from), scale.indexOf(to) + 1)
}
const adult = (from: AdultSize, to: AdultSize) => range(adultSizes, from, to)
const kids = (from: KidsSize, to: KidsSize) => range(kidsSizes, from, to)

/** A measurement in inches: its value at the smallest size of the scale (XS or 2-3Y) and the step per size. */
type Grade = readonly [atSmallest: number, step: number]
interface ChartSpec {
  chest?: Grade
  length?: Grade
  waist?: Grade
  sleeves?: Grade
}

function inches(grade: Grade | undefined, index: number): string | null {
  if (!grade) return null
  const value = Math.round((grade[0] + grade[1] * index) * 2) / 2
  return Number.isInteger(value) ? String(value) : value.toFixed(1)
}

/** Sizes plus a chart with one row per size, graded from the spec (null spec: no chart). */
function fit(sizes: string[], spec: ChartSpec | null): Pick<DemoProduct, 'sizes' | 'sizeChart'> {
  if (!spec) return { sizes, sizeChart: null }
  const sizeChart: SizeChartRow[] = sizes.map((size) => {
    const adultIndex = (adultSizes as readonly string[]).indexOf(size)
    const index = adultIndex >= 0 ? adultIndex : (kidsSizes as readonly string[]).indexOf(size)
    return {
      size,
      chest: inches(spec.chest, index),
      length: inches(spec.length, index),
      waist: inches(spec.waist, index),
      sleeves: inches(spec.sleeves, index),
    }
  })
  return { sizes, sizeChart }
}

// Garment measurements (inches, laid flat and doubled for chest and waist).
const charts = {
  menTee: { chest: [36, 2], length: [26, 1], sleeves: [7.5, 0.5] },
  menPolo: { chest: [37, 2], length: [26.5, 1], sleeves: [8, 0.5] },
  menShirt: { chest: [38, 2], length: [28, 1], sleeves: [23.5, 0.5] },
  menKurta: { chest: [38, 2], length: [40, 1], sleeves: [23, 0.5] },
  menJeans: { waist: [28, 2], length: [40, 0.5] },
  menTrousers: { waist: [28, 2], length: [40.5, 0.5] },
  menShorts: { waist: [28, 2], length: [19, 0.5] },
  menJoggers: { waist: [26, 2], length: [39, 0.5] },
  menHoodie: { chest: [40, 2], length: [26.5, 1], sleeves: [24, 0.5] },
  menSweater: { chest: [38, 2], length: [26, 1], sleeves: [24, 0.5] },
  menJacket: { chest: [40, 2], length: [26, 1], sleeves: [24.5, 0.5] },
  menPuffer: { chest: [42, 2], length: [27, 1], sleeves: [25, 0.5] },
  menCoat: { chest: [40, 2], length: [38, 1], sleeves: [25, 0.5] },
  womenTee: { chest: [32, 2], length: [24, 0.5], sleeves: [6, 0.5] },
  womenKurta: { chest: [34, 2], length: [42, 0.5], sleeves: [17.5, 0.5] },
  womenLongKurta: { chest: [34, 2], length: [44, 0.5], sleeves: [22, 0.5] },
  womenShirt: { chest: [34, 2], length: [26, 0.5], sleeves: [22.5, 0.5] },
  womenBlouse: { chest: [34, 2], length: [24, 0.5], sleeves: [10, 0.5] },
  womenDress: { chest: [32, 2], length: [46, 0.5], waist: [26, 2] },
  womenJeans: { waist: [24, 2], length: [38, 0.5] },
  womenTrousers: { waist: [24, 2], length: [38.5, 0.5] },
  womenSkirt: { waist: [24, 2], length: [30, 0.5] },
  womenJoggers: { waist: [24, 2], length: [37.5, 0.5] },
  womenSweater: { chest: [34, 2], length: [24, 0.5], sleeves: [23, 0.5] },
  womenHoodie: { chest: [36, 2], length: [25, 0.5], sleeves: [23.5, 0.5] },
  womenJacket: { chest: [35, 2], length: [20.5, 0.5], sleeves: [23, 0.5] },
  womenCoat: { chest: [36, 2], length: [40, 0.5], sleeves: [24, 0.5] },
  womenPuffer: { chest: [37, 2], length: [26, 0.5], sleeves: [24, 0.5] },
  kidsTee: { chest: [22, 2], length: [15, 2], sleeves: [4.5, 0.5] },
  kidsPolo: { chest: [23, 2], length: [15.5, 2], sleeves: [5, 0.5] },
  kidsKurta: { chest: [23, 2], length: [20, 2.5], sleeves: [12, 2] },
  kidsDress: { chest: [21, 1.5], length: [20, 3], waist: [20, 1] },
  kidsJeans: { waist: [19, 1], length: [20, 3.5] },
  kidsJoggers: { waist: [18, 1], length: [19.5, 3.5] },
  kidsShorts: { waist: [19, 1], length: [10.5, 1] },
  kidsSkirt: { waist: [19, 1], length: [12, 1.5] },
  kidsTrousers: { waist: [19, 1], length: [20.5, 3.5] },
  kidsHoodie: { chest: [25, 2], length: [16, 2], sleeves: [12.5, 2] },
  kidsSweater: { chest: [24, 2], length: [15.5, 2], sleeves: [12, 2] },
  kidsPuffer: { chest: [26, 2], length: [17, 2], sleeves: [13, 2] },
  kidsCoat: { chest: [26, 2], length: [20, 2.5], sleeves: [13, 2] },
} satisfies Record<string, ChartSpec>

export const demoCatalog: DemoProduct[] = [
  // Latest Collection: the first eight, one or two from each corner of the store.
  {
    id: 'women-floral-lawn-kurta',
    name: 'Women Floral Lawn Kurta',
    nameUr: 'زنانہ پھول دار لان کرتا',
    description:
      'A straight-cut kurta in fine cotton lawn with a small rose-and-leaf print on a blush ground. It has a round neckline with a short button placket, three-quarter sleeves and side slits. Machine wash cold with similar colours and iron on the reverse.',
    descriptionUr:
      'باریک سوتی لان کا سیدھا کرتا، ہلکے گلابی پس منظر پر گلاب اور پتیوں کے چھوٹے پرنٹ کے ساتھ۔ گول گلا، چھوٹی بٹن پٹی، تین چوتھائی آستینیں اور سائیڈ چاک۔ ملتے جلتے رنگوں کے ساتھ ٹھنڈے پانی میں مشین واش کریں اور الٹی طرف سے استری کریں۔',
    price: 3490,
    category: 'Women',
    subCategory: 'TopWear',
    garment: 'kurta',
    colors: { main: '#F4D3CE', secondary: '#D9546E', accent: '#3F7D5B' },
    pattern: 'print',
    ...fit(adult('XS', 'XL'), charts.womenKurta),
    bestSeller: true,
  },
  {
    id: 'men-classic-oxford-shirt',
    name: 'Men Classic Oxford Shirt',
    nameUr: 'مردانہ کلاسک آکسفورڈ شرٹ',
    description:
      'A regular-fit shirt in sky-blue cotton Oxford weave with a button-down collar and a curved hem. The single-button cuffs and white buttons keep it smart enough for the office. Machine wash at 30°C and iron while slightly damp.',
    descriptionUr:
      'آسمانی رنگ کی سوتی آکسفورڈ بنائی میں ریگولر فٹ شرٹ، بٹن ڈاؤن کالر اور گولائی والے دامن کے ساتھ۔ ایک بٹن والے کف اور سفید بٹن اسے دفتر کے لیے بھی موزوں بناتے ہیں۔ 30 ڈگری پر مشین واش کریں اور ہلکی نمی میں استری کریں۔',
    price: 3290,
    category: 'Men',
    subCategory: 'TopWear',
    garment: 'shirt',
    colors: { main: '#A9C4E2', secondary: '#9CB8D8', accent: '#F5F5F0' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), charts.menShirt),
    bestSeller: true,
  },
  {
    id: 'kids-fleece-zip-hoodie',
    name: 'Kids Fleece Zip Hoodie',
    nameUr: 'بچوں کی فلیس زپ ہوڈی',
    description:
      'A mustard zip-through hoodie in brushed cotton-polyester fleece, soft on the inside and easy to layer. It has a lined hood, split front pockets and ribbed cuffs and hem. Machine wash inside out at 30°C; do not tumble dry.',
    descriptionUr:
      'برشڈ کاٹن پولیسٹر فلیس کی مسٹرڈ رنگ کی زپ ہوڈی، اندر سے نرم اور دوسرے کپڑوں کے اوپر پہننے میں آسان۔ استر والی ٹوپی، سامنے دو جیبیں اور رب والے کف اور دامن۔ الٹا کر کے 30 ڈگری پر مشین واش کریں؛ ڈرائر میں نہ سکھائیں۔',
    price: 2490,
    category: 'Kids',
    subCategory: 'WinterWear',
    garment: 'hoodie',
    colors: { main: '#E3A13E', secondary: '#F1E7D6', accent: '#3B3B3B' },
    pattern: 'plain',
    ...fit(kids('2-3Y', '12-13Y'), charts.kidsHoodie),
    bestSeller: true,
  },
  {
    id: 'women-longline-wool-blend-coat',
    name: 'Women Longline Wool-Blend Coat',
    nameUr: 'زنانہ لمبا وول بلینڈ کوٹ',
    description:
      'A knee-length camel coat in a wool and polyester blend with notched lapels and a double-breasted front. It is fully lined, with flap pockets at the hip and a back vent. Dry clean only.',
    descriptionUr:
      'اون اور پولیسٹر کے مکسچر میں گھٹنوں تک لمبا کیمل رنگ کا کوٹ، نوچڈ لیپل اور ڈبل بریسٹ سامنے کے ساتھ۔ مکمل استر، کولہے پر فلیپ والی جیبیں اور پیچھے چاک۔ صرف ڈرائی کلین کروائیں۔',
    price: 11490,
    category: 'Women',
    subCategory: 'WinterWear',
    garment: 'coat',
    colors: { main: '#C19A6B', secondary: '#8B6B4A', accent: '#3A2A1E' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), charts.womenCoat),
    bestSeller: false,
  },
  {
    id: 'men-slim-fit-stretch-jeans',
    name: 'Men Slim Fit Stretch Jeans',
    nameUr: 'مردانہ سلم فٹ اسٹریچ جینز',
    description:
      'Indigo jeans in cotton denim with 2% elastane, cut slim through the thigh and tapered to the ankle. Five pockets, a zip fly and gold contrast stitching. Wash inside out in cold water to keep the colour.',
    descriptionUr:
      '2% الاسٹین والے کاٹن ڈینم کی انڈیگو جینز، ران سے سلم اور ٹخنے تک پتلی ہوتی ہوئی۔ پانچ جیبیں، زپ اور سنہری کنٹراسٹ سلائی۔ رنگ برقرار رکھنے کے لیے الٹا کر کے ٹھنڈے پانی میں دھوئیں۔',
    price: 3990,
    category: 'Men',
    subCategory: 'BottomWear',
    garment: 'jeans',
    colors: { main: '#2F4A6E', secondary: '#23384F', accent: '#D9A441' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), charts.menJeans),
    bestSeller: true,
  },
  {
    id: 'kids-floral-cotton-frock',
    name: 'Kids Floral Cotton Frock',
    nameUr: 'بچوں کی پھول دار سوتی فراک',
    description:
      'A sleeveless frock in soft cotton with a small pink flower print on butter yellow. The fitted bodice has a back button opening and the skirt is gathered for an easy twirl. Machine wash cold and line dry.',
    descriptionUr:
      'نرم سوتی کپڑے کی بغیر آستین فراک، ہلکے پیلے رنگ پر گلابی پھولوں کے چھوٹے پرنٹ کے ساتھ۔ اوپر سے فٹنگ، پیچھے بٹن اور گھیردار نیچے کا حصہ جو گھومنے پر خوب پھیلتا ہے۔ ٹھنڈے پانی میں مشین واش کریں اور تار پر سکھائیں۔',
    price: 1890,
    category: 'Kids',
    subCategory: 'TopWear',
    garment: 'dress',
    colors: { main: '#FBE7B2', secondary: '#E5677A', accent: '#5B9A6B' },
    pattern: 'print',
    ...fit(kids('2-3Y', '10-11Y'), charts.kidsDress),
    bestSeller: false,
  },
  {
    id: 'men-quilted-puffer-jacket',
    name: 'Men Quilted Puffer Jacket',
    nameUr: 'مردانہ کوئلٹڈ پفر جیکٹ',
    description:
      'A black puffer jacket with horizontal quilted channels filled with lightweight polyester wadding. It has a stand collar, a two-way zip and zipped side pockets. Machine wash on a gentle cycle and tumble dry low to restore the loft.',
    descriptionUr:
      'سیاہ پفر جیکٹ جس کے آڑے کوئلٹڈ خانوں میں ہلکی پولیسٹر کی بھرائی ہے۔ کھڑا کالر، دو طرفہ زپ اور زپ والی سائیڈ جیبیں۔ ہلکے سائیکل پر مشین واش کریں اور پھولا پن واپس لانے کے لیے کم آنچ پر ڈرائر میں سکھائیں۔',
    price: 8990,
    category: 'Men',
    subCategory: 'WinterWear',
    garment: 'puffer',
    colors: { main: '#23272D', secondary: '#3A3F46', accent: '#B9BEC5' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), charts.menPuffer),
    bestSeller: false,
  },
  {
    id: 'women-sage-pleated-midi-skirt',
    name: 'Women Sage Pleated Midi Skirt',
    nameUr: 'زنانہ سیج گرین پلیٹڈ مڈی اسکرٹ',
    description:
      'A midi skirt in light polyester crepe with knife pleats that fall from a smooth waistband. The back waist is elasticated and it has a side zip. Hand wash cold and hang to dry so the pleats stay sharp.',
    descriptionUr:
      'ہلکے پولیسٹر کریپ کی مڈی اسکرٹ، جس کی باریک پلیٹیں ہموار کمر بند سے نیچے گرتی ہیں۔ پیچھے کمر میں الاسٹک اور سائیڈ پر زپ۔ ٹھنڈے پانی میں ہاتھ سے دھوئیں اور لٹکا کر سکھائیں تاکہ پلیٹیں برقرار رہیں۔',
    price: 3190,
    category: 'Women',
    subCategory: 'BottomWear',
    garment: 'skirt',
    colors: { main: '#9CAF88', secondary: '#8A9E77', accent: '#E9E4D4' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), charts.womenSkirt),
    bestSeller: false,
  },

  // Men, TopWear
  {
    id: 'men-striped-cotton-polo',
    name: 'Men Striped Cotton Polo',
    nameUr: 'مردانہ دھاری دار سوتی پولو شرٹ',
    description:
      'A navy polo with cream stripes in breathable cotton pique, with a two-button placket and a soft ribbed collar. Regular fit with short sleeves and ribbed cuffs. Machine wash at 30°C and dry flat.',
    descriptionUr:
      'ہوادار کاٹن پیکے میں کریم دھاریوں والی نیوی بلیو پولو شرٹ، دو بٹن کی پٹی اور نرم رب کالر کے ساتھ۔ ریگولر فٹ، ہاف آستین اور رب والے کف۔ 30 ڈگری پر مشین واش کریں اور بچھا کر سکھائیں۔',
    price: 2590,
    category: 'Men',
    subCategory: 'TopWear',
    garment: 'polo',
    colors: { main: '#1F3A5F', secondary: '#F2EEE4', accent: '#F2EEE4' },
    pattern: 'stripes',
    ...fit(adult('S', 'XXL'), charts.menPolo),
    bestSeller: false,
  },
  {
    id: 'men-essential-crew-neck-t-shirt',
    name: 'Men Essential Crew Neck T-Shirt',
    nameUr: 'مردانہ بیسک راؤنڈ نیک ٹی شرٹ',
    description:
      'A charcoal T-shirt in 180 gsm combed cotton jersey with a ribbed crew neck. Regular fit, with a straight hem and short sleeves. Machine wash with similar colours.',
    descriptionUr:
      '180 جی ایس ایم کومبڈ کاٹن جرسی کی چارکول ٹی شرٹ، رب والے گول گلے کے ساتھ۔ ریگولر فٹ، سیدھا دامن اور ہاف آستین۔ ملتے جلتے رنگوں کے ساتھ مشین واش کریں۔',
    price: 1390,
    category: 'Men',
    subCategory: 'TopWear',
    garment: 'tshirt',
    colors: { main: '#4A4E54', secondary: '#3F4348', accent: '#4A4E54' },
    pattern: 'plain',
    ...fit(adult('XS', 'XXL'), charts.menTee),
    bestSeller: false,
  },
  {
    id: 'men-mountain-graphic-t-shirt',
    name: 'Men Mountain Graphic T-Shirt',
    nameUr: 'مردانہ پہاڑ والی گرافک ٹی شرٹ',
    description:
      'An off-white cotton jersey T-shirt with a screen-printed mountain and sun graphic on the chest. Relaxed regular fit with a ribbed crew neck. Wash inside out and do not iron over the print.',
    descriptionUr:
      'کاٹن جرسی کی آف وائٹ ٹی شرٹ، سینے پر پہاڑ اور سورج کے اسکرین پرنٹ کے ساتھ۔ ریلیکسڈ ریگولر فٹ اور رب والا گول گلا۔ الٹا کر کے دھوئیں اور پرنٹ پر استری نہ کریں۔',
    price: 1590,
    category: 'Men',
    subCategory: 'TopWear',
    garment: 'tshirt',
    colors: { main: '#F2F0EB', secondary: '#2E5E4E', accent: '#E07A3F' },
    pattern: 'print',
    ...fit(adult('S', 'XXL'), null),
    bestSeller: false,
  },
  {
    id: 'men-checked-flannel-shirt',
    name: 'Men Checked Flannel Shirt',
    nameUr: 'مردانہ چیک دار فلالین شرٹ',
    description:
      'A red and black checked shirt in brushed cotton flannel, warm enough for cooler evenings. It has a point collar, a chest pocket and buttoned cuffs. Machine wash at 30°C; the brushed finish softens with each wash.',
    descriptionUr:
      'برشڈ کاٹن فلالین کی سرخ اور سیاہ چیک دار شرٹ، ٹھنڈی شاموں کے لیے مناسب گرم۔ نوکدار کالر، سینے پر جیب اور بٹن والے کف۔ 30 ڈگری پر مشین واش کریں؛ ہر دھلائی کے ساتھ یہ اور نرم ہوتی جاتی ہے۔',
    price: 3690,
    category: 'Men',
    subCategory: 'TopWear',
    garment: 'shirt',
    colors: { main: '#A12F2F', secondary: '#1E1E1E', accent: '#2A2A2A' },
    pattern: 'checks',
    ...fit(adult('S', 'XXL'), charts.menShirt),
    bestSeller: false,
  },
  {
    id: 'men-cotton-band-collar-kurta',
    name: 'Men Cotton Band Collar Kurta',
    nameUr: 'مردانہ سوتی بین کالر کرتا',
    description:
      'An off-white kurta in soft cotton with a band collar, a half placket with self buttons and side slits. Straight fit, long enough to wear with shalwar or jeans. Machine wash cold and iron while damp.',
    descriptionUr:
      'نرم سوتی کپڑے کا آف وائٹ کرتا، بین کالر، ہم رنگ بٹنوں والی آدھی پٹی اور سائیڈ چاک کے ساتھ۔ سیدھی فٹنگ، اتنا لمبا کہ شلوار یا جینز دونوں کے ساتھ پہنا جا سکے۔ ٹھنڈے پانی میں مشین واش کریں اور نمی میں استری کریں۔',
    price: 4190,
    category: 'Men',
    subCategory: 'TopWear',
    garment: 'kurta',
    colors: { main: '#EFE8DA', secondary: '#E2D8C3', accent: '#C9B27C' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), charts.menKurta),
    bestSeller: false,
  },

  // Men, BottomWear
  {
    id: 'men-regular-fit-dark-wash-jeans',
    name: 'Men Regular Fit Dark Wash Jeans',
    nameUr: 'مردانہ ریگولر فٹ ڈارک واش جینز',
    description:
      'Dark-wash jeans in rigid 100% cotton denim with a regular fit through the seat and a straight leg. Classic five-pocket styling with copper-tone stitching and a button fly. Wash inside out in cold water.',
    descriptionUr:
      '100% کاٹن کے سخت ڈینم کی ڈارک واش جینز، ریگولر فٹ اور سیدھے پائنچوں کے ساتھ۔ کلاسک پانچ جیبوں والا انداز، تانبے رنگ کی سلائی اور بٹن والی فلائی۔ الٹا کر کے ٹھنڈے پانی میں دھوئیں۔',
    price: 3790,
    category: 'Men',
    subCategory: 'BottomWear',
    garment: 'jeans',
    colors: { main: '#1E2A3A', secondary: '#162030', accent: '#C98F3A' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), charts.menJeans),
    bestSeller: false,
  },
  {
    id: 'men-stretch-chino-trousers',
    name: 'Men Stretch Chino Trousers',
    nameUr: 'مردانہ اسٹریچ چینو ٹراؤزر',
    description:
      'Khaki chinos in cotton twill with a little stretch, cut slim with a straight leg. Slant front pockets, buttoned back welt pockets and a zip fly. Machine wash at 30°C and iron on medium heat.',
    descriptionUr:
      'ہلکے اسٹریچ والے کاٹن ٹوئل کی خاکی چینو، سلم کٹ اور سیدھے پائنچے۔ سامنے ترچھی جیبیں، پیچھے بٹن والی جیبیں اور زپ۔ 30 ڈگری پر مشین واش کریں اور درمیانی آنچ پر استری کریں۔',
    price: 3390,
    category: 'Men',
    subCategory: 'BottomWear',
    garment: 'trousers',
    colors: { main: '#C8B08A', secondary: '#B39B75', accent: '#6B5A40' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), charts.menTrousers),
    bestSeller: false,
  },
  {
    id: 'men-tailored-formal-trousers',
    name: 'Men Tailored Formal Trousers',
    nameUr: 'مردانہ ٹیلرڈ فارمل ٹراؤزر',
    description:
      'Charcoal formal trousers in a polyester-viscose suiting fabric with a pressed crease. Flat front, an extended waistband tab and a half lining to the knee. Dry clean or hand wash cold.',
    descriptionUr:
      'پولیسٹر وسکوس سوٹنگ کپڑے کا چارکول فارمل ٹراؤزر، استری شدہ کریز کے ساتھ۔ فلیٹ فرنٹ، لمبی کمر بند پٹی اور گھٹنے تک آدھا استر۔ ڈرائی کلین کروائیں یا ٹھنڈے پانی میں ہاتھ سے دھوئیں۔',
    price: 3590,
    category: 'Men',
    subCategory: 'BottomWear',
    garment: 'trousers',
    colors: { main: '#3D4149', secondary: '#2F3238', accent: '#1E1F22' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), null),
    bestSeller: false,
  },
  {
    id: 'men-cotton-chino-shorts',
    name: 'Men Cotton Chino Shorts',
    nameUr: 'مردانہ سوتی چینو شارٹس',
    description:
      'Navy shorts in lightweight cotton twill that end just above the knee. Slant pockets, a back welt pocket and a turned-up hem. Machine wash at 30°C.',
    descriptionUr:
      'ہلکے کاٹن ٹوئل کے نیوی بلیو شارٹس جو گھٹنے سے ذرا اوپر ختم ہوتے ہیں۔ ترچھی جیبیں، پیچھے ایک جیب اور مڑا ہوا دامن۔ 30 ڈگری پر مشین واش کریں۔',
    price: 1990,
    category: 'Men',
    subCategory: 'BottomWear',
    garment: 'shorts',
    colors: { main: '#2E4260', secondary: '#283A55', accent: '#D8CFBF' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), charts.menShorts),
    bestSeller: false,
  },
  {
    id: 'men-cotton-fleece-joggers',
    name: 'Men Cotton Fleece Joggers',
    nameUr: 'مردانہ کاٹن فلیس جوگرز',
    description:
      'Heather-grey joggers in cotton-rich fleece with a brushed inside. An elasticated waist with a drawcord, side pockets and ribbed ankle cuffs. Machine wash at 30°C; do not tumble dry.',
    descriptionUr:
      'کاٹن سے بھرپور فلیس کے ہیدر گرے جوگرز، اندر سے برشڈ۔ ڈوری والی الاسٹک کمر، سائیڈ جیبیں اور ٹخنوں پر رب والے کف۔ 30 ڈگری پر مشین واش کریں؛ ڈرائر میں نہ سکھائیں۔',
    price: 2290,
    category: 'Men',
    subCategory: 'BottomWear',
    garment: 'joggers',
    colors: { main: '#8E9196', secondary: '#7D8085', accent: '#F2F2F2' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), charts.menJoggers),
    bestSeller: false,
  },

  // Men, WinterWear
  {
    id: 'men-fleece-pullover-hoodie',
    name: 'Men Fleece Pullover Hoodie',
    nameUr: 'مردانہ فلیس پل اوور ہوڈی',
    description:
      'A maroon pullover hoodie in 320 gsm cotton-polyester fleece with a brushed inside. Lined hood with drawcords, a kangaroo pocket and ribbed cuffs and hem. Machine wash inside out at 30°C.',
    descriptionUr:
      '320 جی ایس ایم کاٹن پولیسٹر فلیس کی میرون پل اوور ہوڈی، اندر سے برشڈ۔ ڈوریوں والی استر دار ٹوپی، سامنے کینگرو جیب اور رب والے کف اور دامن۔ الٹا کر کے 30 ڈگری پر مشین واش کریں۔',
    price: 3450,
    category: 'Men',
    subCategory: 'WinterWear',
    garment: 'hoodie',
    colors: { main: '#6E1F2B', secondary: '#5B1823', accent: '#F2EDE4' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), charts.menHoodie),
    bestSeller: true,
  },
  {
    id: 'men-cable-knit-crew-sweater',
    name: 'Men Cable Knit Crew Sweater',
    nameUr: 'مردانہ کیبل نٹ راؤنڈ نیک سویٹر',
    description:
      'An ecru crew-neck sweater in an acrylic and wool blend with cable panels down the front. Ribbed neck, cuffs and hem keep its shape. Hand wash cold and dry flat.',
    descriptionUr:
      'ایکریلک اور اون کے مکسچر میں ہلکے کریم رنگ کا گول گلے والا سویٹر، سامنے کیبل بنائی کے ساتھ۔ رب والا گلا، کف اور دامن اس کی شکل برقرار رکھتے ہیں۔ ٹھنڈے پانی میں ہاتھ سے دھوئیں اور بچھا کر سکھائیں۔',
    price: 4090,
    category: 'Men',
    subCategory: 'WinterWear',
    garment: 'sweater',
    colors: { main: '#E9DFC9', secondary: '#DDD2BA', accent: '#E9DFC9' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), charts.menSweater),
    bestSeller: false,
  },
  {
    id: 'men-olive-bomber-jacket',
    name: 'Men Olive Bomber Jacket',
    nameUr: 'مردانہ زیتونی بمبر جیکٹ',
    description:
      'An olive bomber in water-repellent polyester twill with a light padded lining. Ribbed collar, cuffs and hem, a metal front zip and welt pockets. Machine wash on a gentle cycle.',
    descriptionUr:
      'پانی سے بچاؤ والے پولیسٹر ٹوئل کی زیتونی بمبر جیکٹ، ہلکے گدے دار استر کے ساتھ۔ رب والا کالر، کف اور دامن، سامنے دھات کی زپ اور جیبیں۔ ہلکے سائیکل پر مشین واش کریں۔',
    price: 6490,
    category: 'Men',
    subCategory: 'WinterWear',
    garment: 'jacket',
    colors: { main: '#5A6B3D', secondary: '#2B2F26', accent: '#C9A227' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), charts.menJacket),
    bestSeller: false,
  },
  {
    id: 'men-denim-trucker-jacket',
    name: 'Men Denim Trucker Jacket',
    nameUr: 'مردانہ ڈینم ٹرکر جیکٹ',
    description:
      'A mid-blue trucker jacket in 12 oz cotton denim with a point collar and copper-tone shank buttons. Two flap chest pockets, button cuffs and adjustable waist tabs. Wash inside out in cold water.',
    descriptionUr:
      '12 اونس کاٹن ڈینم کی درمیانے نیلے رنگ کی ٹرکر جیکٹ، نوکدار کالر اور تانبے رنگ کے بٹنوں کے ساتھ۔ سینے پر فلیپ والی دو جیبیں، بٹن والے کف اور کمر پر ایڈجسٹ ہونے والی پٹیاں۔ الٹا کر کے ٹھنڈے پانی میں دھوئیں۔',
    price: 5990,
    category: 'Men',
    subCategory: 'WinterWear',
    garment: 'jacket',
    colors: { main: '#4D6F96', secondary: '#3F5E82', accent: '#B87333' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), null),
    bestSeller: false,
  },
  {
    id: 'men-wool-blend-overcoat',
    name: 'Men Wool-Blend Overcoat',
    nameUr: 'مردانہ وول بلینڈ اوور کوٹ',
    description:
      'A charcoal overcoat in a wool-rich blend with a burgundy satin lining. Notched lapels, a double-breasted front, flap pockets and a single back vent. Dry clean only.',
    descriptionUr:
      'زیادہ اون والے مکسچر کا چارکول اوور کوٹ، برگنڈی ساٹن استر کے ساتھ۔ نوچڈ لیپل، ڈبل بریسٹ سامنے، فلیپ والی جیبیں اور پیچھے ایک چاک۔ صرف ڈرائی کلین کروائیں۔',
    price: 11990,
    category: 'Men',
    subCategory: 'WinterWear',
    garment: 'coat',
    colors: { main: '#3B3E45', secondary: '#7A2430', accent: '#1A1A1A' },
    pattern: 'plain',
    ...fit(adult('S', 'XXL'), charts.menCoat),
    bestSeller: false,
  },

  // Women, TopWear
  {
    id: 'women-chikankari-cotton-kurta',
    name: 'Women Chikankari Cotton Kurta',
    nameUr: 'زنانہ چکن کاری سوتی کرتا',
    description:
      'A white cotton kurta with tonal chikankari-style thread embroidery around the neckline. Straight cut, long sleeves with a buttoned placket and side slits. Hand wash cold and iron on the reverse to protect the embroidery.',
    descriptionUr:
      'سفید سوتی کرتا، گلے کے گرد ہم رنگ دھاگے سے چکن کاری طرز کی کڑھائی کے ساتھ۔ سیدھا کٹ، لمبی آستینیں، بٹن والی پٹی اور سائیڈ چاک۔ کڑھائی کی حفاظت کے لیے ٹھنڈے پانی میں ہاتھ سے دھوئیں اور الٹی طرف سے استری کریں۔',
    price: 4290,
    category: 'Women',
    subCategory: 'TopWear',
    garment: 'kurta',
    colors: { main: '#FAF7F0', secondary: '#EFE8D8', accent: '#CDBF9E' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), charts.womenLongKurta),
    bestSeller: false,
  },
  {
    id: 'women-tie-neck-georgette-blouse',
    name: 'Women Tie-Neck Georgette Blouse',
    nameUr: 'زنانہ ٹائی نیک جارجٹ بلاؤز',
    description:
      'A dusty-rose blouse in lightweight polyester georgette with a tie at the V-neck. Short fluttered sleeves and a relaxed body that tucks in easily. Hand wash cold and cool iron.',
    descriptionUr:
      'ہلکے پولیسٹر جارجٹ کا ڈسٹی پنک بلاؤز، وی گلے پر باندھنے والی ڈوری کے ساتھ۔ چھوٹی لہراتی آستینیں اور کھلی فٹنگ جو آسانی سے اندر اڑسی جا سکے۔ ٹھنڈے پانی میں ہاتھ سے دھوئیں اور ہلکی استری کریں۔',
    price: 2790,
    category: 'Women',
    subCategory: 'TopWear',
    garment: 'blouse',
    colors: { main: '#D99A9A', secondary: '#C98585', accent: '#F5E6E0' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), charts.womenBlouse),
    bestSeller: false,
  },
  {
    id: 'women-striped-poplin-shirt',
    name: 'Women Striped Poplin Shirt',
    nameUr: 'زنانہ دھاری دار پاپلن شرٹ',
    description:
      'A crisp white shirt in cotton poplin with fine blue vertical stripes. Relaxed fit with a point collar, buttoned cuffs and a curved hem. Machine wash at 30°C and iron while damp.',
    descriptionUr:
      'کاٹن پاپلن کی کڑک سفید شرٹ، باریک نیلی عمودی دھاریوں کے ساتھ۔ ریلیکسڈ فٹ، نوکدار کالر، بٹن والے کف اور گولائی والا دامن۔ 30 ڈگری پر مشین واش کریں اور نمی میں استری کریں۔',
    price: 2990,
    category: 'Women',
    subCategory: 'TopWear',
    garment: 'shirt',
    colors: { main: '#F7F7F4', secondary: '#4E7BB5', accent: '#F7F7F4' },
    pattern: 'stripes',
    ...fit(adult('XS', 'XL'), charts.womenShirt),
    bestSeller: false,
  },
  {
    id: 'women-gingham-midi-dress',
    name: 'Women Gingham Midi Dress',
    nameUr: 'زنانہ گنگھم مڈی ڈریس',
    description:
      'A blue and white gingham dress in cotton with a fitted bodice and a flared midi skirt. Short sleeves, a round neck and a concealed back zip. Machine wash cold and line dry.',
    descriptionUr:
      'نیلے اور سفید گنگھم چیک کا سوتی ڈریس، اوپر سے فٹ اور نیچے گھیردار مڈی لمبائی۔ چھوٹی آستینیں، گول گلا اور پیچھے چھپی ہوئی زپ۔ ٹھنڈے پانی میں مشین واش کریں اور تار پر سکھائیں۔',
    price: 4490,
    category: 'Women',
    subCategory: 'TopWear',
    garment: 'dress',
    colors: { main: '#F5F2EA', secondary: '#3B6FA8', accent: '#3B6FA8' },
    pattern: 'checks',
    ...fit(adult('XS', 'XL'), charts.womenDress),
    bestSeller: false,
  },
  {
    id: 'women-relaxed-cotton-t-shirt',
    name: 'Women Relaxed Cotton T-Shirt',
    nameUr: 'زنانہ ریلیکسڈ سوتی ٹی شرٹ',
    description:
      'A lavender T-shirt in soft cotton jersey with a slightly dropped shoulder and a relaxed body. Ribbed crew neck and a straight hem. Machine wash with similar colours.',
    descriptionUr:
      'نرم کاٹن جرسی کی لیونڈر ٹی شرٹ، ذرا ڈھلکے کندھوں اور کھلی فٹنگ کے ساتھ۔ رب والا گول گلا اور سیدھا دامن۔ ملتے جلتے رنگوں کے ساتھ مشین واش کریں۔',
    price: 1490,
    category: 'Women',
    subCategory: 'TopWear',
    garment: 'tshirt',
    colors: { main: '#C8B6DD', secondary: '#B9A6CF', accent: '#C8B6DD' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), null),
    bestSeller: false,
  },

  // Women, BottomWear
  {
    id: 'women-high-rise-skinny-jeans',
    name: 'Women High-Rise Skinny Jeans',
    nameUr: 'زنانہ ہائی رائز اسکنی جینز',
    description:
      'Mid-blue skinny jeans in stretch cotton denim that sit at the natural waist. Five pockets, a zip fly and gold contrast stitching. Wash inside out in cold water and avoid tumble drying.',
    descriptionUr:
      'اسٹریچ کاٹن ڈینم کی درمیانے نیلے رنگ کی اسکنی جینز جو اصل کمر پر ٹکتی ہے۔ پانچ جیبیں، زپ اور سنہری کنٹراسٹ سلائی۔ الٹا کر کے ٹھنڈے پانی میں دھوئیں اور ڈرائر سے پرہیز کریں۔',
    price: 3750,
    category: 'Women',
    subCategory: 'BottomWear',
    garment: 'jeans',
    colors: { main: '#5B7DA8', secondary: '#4A6A93', accent: '#D9A441' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), charts.womenJeans),
    bestSeller: true,
  },
  {
    id: 'women-cotton-cigarette-trousers',
    name: 'Women Cotton Cigarette Trousers',
    nameUr: 'زنانہ سوتی سگریٹ پینٹ',
    description:
      'Black cigarette trousers in stretch cotton sateen, slim through the leg and cropped just above the ankle. A flat front with a hook-and-bar fastening and slant pockets. Machine wash cold, inside out.',
    descriptionUr:
      'اسٹریچ کاٹن ساٹن کی سیاہ سگریٹ پینٹ، ٹانگ پر سلم اور ٹخنے سے ذرا اوپر تک۔ فلیٹ فرنٹ، ہک اور بار والا بند اور ترچھی جیبیں۔ الٹا کر کے ٹھنڈے پانی میں مشین واش کریں۔',
    price: 2890,
    category: 'Women',
    subCategory: 'BottomWear',
    garment: 'trousers',
    colors: { main: '#202024', secondary: '#141416', accent: '#3A3A40' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), charts.womenTrousers),
    bestSeller: false,
  },
  {
    id: 'women-printed-wide-leg-palazzo',
    name: 'Women Printed Wide-Leg Palazzo',
    nameUr: 'زنانہ پرنٹڈ کھلے پائنچوں والا پلازو',
    description:
      'Flowing wide-leg palazzo trousers in printed viscose, navy with a small mustard flower motif. The waist is fully elasticated and the pockets sit in the side seams. Hand wash cold and dry in the shade.',
    descriptionUr:
      'پرنٹڈ وسکوس کا لہراتا کھلے پائنچوں والا پلازو، نیوی بلیو پر سرسوں رنگ کے چھوٹے پھولوں کے ساتھ۔ پوری کمر میں الاسٹک اور جیبیں سائیڈ کی سلائی میں۔ ٹھنڈے پانی میں ہاتھ سے دھوئیں اور چھاؤں میں سکھائیں۔',
    price: 2690,
    category: 'Women',
    subCategory: 'BottomWear',
    garment: 'trousers',
    colors: { main: '#1E3D59', secondary: '#F2C14E', accent: '#E8E1D3' },
    pattern: 'print',
    ...fit(adult('XS', 'XL'), null),
    bestSeller: false,
  },
  {
    id: 'women-a-line-denim-skirt',
    name: 'Women A-Line Denim Skirt',
    nameUr: 'زنانہ اے لائن ڈینم اسکرٹ',
    description:
      'A knee-length A-line skirt in light-blue cotton denim with a button front. Five-pocket details and gold contrast stitching. Wash inside out in cold water.',
    descriptionUr:
      'ہلکے نیلے کاٹن ڈینم کی گھٹنوں تک اے لائن اسکرٹ، سامنے بٹنوں کے ساتھ۔ پانچ جیبوں والا انداز اور سنہری کنٹراسٹ سلائی۔ الٹا کر کے ٹھنڈے پانی میں دھوئیں۔',
    price: 2650,
    category: 'Women',
    subCategory: 'BottomWear',
    garment: 'skirt',
    colors: { main: '#6F8FB8', secondary: '#5E7EA6', accent: '#D9A441' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), charts.womenSkirt),
    bestSeller: false,
  },
  {
    id: 'women-jersey-joggers',
    name: 'Women Jersey Joggers',
    nameUr: 'زنانہ جرسی جوگرز',
    description:
      'Oatmeal joggers in soft cotton-modal jersey with a relaxed leg that tapers into ribbed cuffs. Elasticated waist with a white drawcord and side pockets. Machine wash cold and dry flat.',
    descriptionUr:
      'نرم کاٹن موڈال جرسی کے اوٹ میل رنگ کے جوگرز، کھلی ٹانگ کے ساتھ جو نیچے رب والے کف میں تنگ ہو جاتی ہے۔ سفید ڈوری والی الاسٹک کمر اور سائیڈ جیبیں۔ ٹھنڈے پانی میں مشین واش کریں اور بچھا کر سکھائیں۔',
    price: 2190,
    category: 'Women',
    subCategory: 'BottomWear',
    garment: 'joggers',
    colors: { main: '#D7C4B0', secondary: '#C9B5A0', accent: '#FFFFFF' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), charts.womenJoggers),
    bestSeller: false,
  },

  // Women, WinterWear
  {
    id: 'women-quilted-puffer-jacket',
    name: 'Women Quilted Puffer Jacket',
    nameUr: 'زنانہ کوئلٹڈ پفر جیکٹ',
    description:
      'A terracotta puffer jacket with wide quilted channels and lightweight polyester fill. Stand collar, a full-length zip and zipped hand pockets. Machine wash on a gentle cycle and tumble dry low.',
    descriptionUr:
      'ٹیراکوٹا رنگ کی پفر جیکٹ، چوڑے کوئلٹڈ خانوں اور ہلکی پولیسٹر بھرائی کے ساتھ۔ کھڑا کالر، پوری لمبائی کی زپ اور زپ والی جیبیں۔ ہلکے سائیکل پر مشین واش کریں اور کم آنچ پر ڈرائر میں سکھائیں۔',
    price: 9490,
    category: 'Women',
    subCategory: 'WinterWear',
    garment: 'puffer',
    colors: { main: '#C86B4A', secondary: '#A8553A', accent: '#E8DCCF' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), charts.womenPuffer),
    bestSeller: true,
  },
  {
    id: 'women-soft-knit-crew-sweater',
    name: 'Women Soft Knit Crew Sweater',
    nameUr: 'زنانہ نرم نٹ راؤنڈ نیک سویٹر',
    description:
      'A powder-blue sweater in a soft acrylic and nylon knit with a crew neck. Relaxed fit with ribbed neck, cuffs and hem. Hand wash cold and dry flat to keep its shape.',
    descriptionUr:
      'نرم ایکریلک اور نائلون بنائی کا پاؤڈر بلیو سویٹر، گول گلے کے ساتھ۔ ریلیکسڈ فٹ، رب والا گلا، کف اور دامن۔ شکل برقرار رکھنے کے لیے ٹھنڈے پانی میں ہاتھ سے دھوئیں اور بچھا کر سکھائیں۔',
    price: 3550,
    category: 'Women',
    subCategory: 'WinterWear',
    garment: 'sweater',
    colors: { main: '#B5C7D3', secondary: '#A5B8C5', accent: '#B5C7D3' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), charts.womenSweater),
    bestSeller: false,
  },
  {
    id: 'women-fair-isle-sweater',
    name: 'Women Fair Isle Sweater',
    nameUr: 'زنانہ فیئر آئل سویٹر',
    description:
      'A navy sweater with a cream and red Fair Isle pattern knitted across the chest and hem. Made from an acrylic and wool blend, with a regular fit and ribbed trims. Hand wash cold and dry flat.',
    descriptionUr:
      'نیوی بلیو سویٹر، سینے اور دامن پر کریم اور سرخ فیئر آئل ڈیزائن کی بنائی کے ساتھ۔ ایکریلک اور اون کے مکسچر سے بنا، ریگولر فٹ اور رب والے کنارے۔ ٹھنڈے پانی میں ہاتھ سے دھوئیں اور بچھا کر سکھائیں۔',
    price: 3890,
    category: 'Women',
    subCategory: 'WinterWear',
    garment: 'sweater',
    colors: { main: '#1F3347', secondary: '#F2ECE0', accent: '#B23A3A' },
    pattern: 'print',
    ...fit(adult('XS', 'XL'), null),
    bestSeller: false,
  },
  {
    id: 'women-fleece-zip-hoodie',
    name: 'Women Fleece Zip Hoodie',
    nameUr: 'زنانہ فلیس زپ ہوڈی',
    description:
      'A dusty-pink zip hoodie in brushed cotton-polyester fleece with a lined hood and white drawcords. Split front pockets and ribbed cuffs and hem. Machine wash inside out at 30°C.',
    descriptionUr:
      'برشڈ کاٹن پولیسٹر فلیس کی ڈسٹی پنک زپ ہوڈی، استر والی ٹوپی اور سفید ڈوریوں کے ساتھ۔ سامنے دو جیبیں اور رب والے کف اور دامن۔ الٹا کر کے 30 ڈگری پر مشین واش کریں۔',
    price: 3250,
    category: 'Women',
    subCategory: 'WinterWear',
    garment: 'hoodie',
    colors: { main: '#D6A4A8', secondary: '#EBDAD6', accent: '#FFFFFF' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), charts.womenHoodie),
    bestSeller: false,
  },
  {
    id: 'women-cropped-denim-jacket',
    name: 'Women Cropped Denim Jacket',
    nameUr: 'زنانہ کراپڈ ڈینم جیکٹ',
    description:
      'A light-blue denim jacket cut to sit at the waist, in cotton denim with a little stretch. Point collar, copper-tone buttons and two flap chest pockets. Wash inside out in cold water.',
    descriptionUr:
      'ہلکے نیلے رنگ کی ڈینم جیکٹ جو کمر تک آتی ہے، ہلکے اسٹریچ والے کاٹن ڈینم میں۔ نوکدار کالر، تانبے رنگ کے بٹن اور سینے پر فلیپ والی دو جیبیں۔ الٹا کر کے ٹھنڈے پانی میں دھوئیں۔',
    price: 4990,
    category: 'Women',
    subCategory: 'WinterWear',
    garment: 'jacket',
    colors: { main: '#7A9CC6', secondary: '#6A8CB6', accent: '#B87333' },
    pattern: 'plain',
    ...fit(adult('XS', 'XL'), charts.womenJacket),
    bestSeller: false,
  },

  // Kids, TopWear
  {
    id: 'kids-star-print-t-shirt',
    name: 'Kids Star Print T-Shirt',
    nameUr: 'بچوں کی اسٹار پرنٹ ٹی شرٹ',
    description:
      'A bright blue T-shirt in soft cotton jersey with a big yellow star printed on the front. Regular fit with a ribbed crew neck. Machine wash inside out at 30°C.',
    descriptionUr:
      'نرم کاٹن جرسی کی شوخ نیلی ٹی شرٹ، سامنے بڑے پیلے ستارے کے پرنٹ کے ساتھ۔ ریگولر فٹ اور رب والا گول گلا۔ الٹا کر کے 30 ڈگری پر مشین واش کریں۔',
    price: 990,
    category: 'Kids',
    subCategory: 'TopWear',
    garment: 'tshirt',
    colors: { main: '#3C7DC4', secondary: '#2F6AAE', accent: '#FFD23F' },
    pattern: 'print',
    ...fit(kids('2-3Y', '12-13Y'), charts.kidsTee),
    bestSeller: true,
  },
  {
    id: 'kids-striped-crew-neck-t-shirt',
    name: 'Kids Striped Crew Neck T-Shirt',
    nameUr: 'بچوں کی دھاری دار راؤنڈ نیک ٹی شرٹ',
    description:
      'A white and red striped T-shirt in cotton jersey, a classic for school holidays. Regular fit, short sleeves and a ribbed crew neck. Machine wash at 30°C.',
    descriptionUr:
      'کاٹن جرسی کی سفید اور سرخ دھاریوں والی ٹی شرٹ، اسکول کی چھٹیوں کی پسندیدہ۔ ریگولر فٹ، ہاف آستین اور رب والا گول گلا۔ 30 ڈگری پر مشین واش کریں۔',
    price: 1190,
    category: 'Kids',
    subCategory: 'TopWear',
    garment: 'tshirt',
    colors: { main: '#F8F6F0', secondary: '#D94A3D', accent: '#D94A3D' },
    pattern: 'stripes',
    ...fit(kids('2-3Y', '12-13Y'), charts.kidsTee),
    bestSeller: false,
  },
  {
    id: 'kids-cotton-pique-polo',
    name: 'Kids Cotton Pique Polo',
    nameUr: 'بچوں کی کاٹن پیکے پولو شرٹ',
    description:
      'A green polo in breathable cotton pique with a white collar and a two-button placket. Regular fit with ribbed sleeve cuffs. Machine wash at 30°C.',
    descriptionUr:
      'ہوادار کاٹن پیکے کی سبز پولو شرٹ، سفید کالر اور دو بٹن کی پٹی کے ساتھ۔ ریگولر فٹ اور آستینوں پر رب والے کف۔ 30 ڈگری پر مشین واش کریں۔',
    price: 1450,
    category: 'Kids',
    subCategory: 'TopWear',
    garment: 'polo',
    colors: { main: '#2E8B57', secondary: '#F4F4F0', accent: '#F4F4F0' },
    pattern: 'plain',
    ...fit(kids('4-5Y', '12-13Y'), charts.kidsPolo),
    bestSeller: false,
  },
  {
    id: 'kids-checked-cotton-shirt',
    name: 'Kids Checked Cotton Shirt',
    nameUr: 'بچوں کی چیک دار سوتی شرٹ',
    description:
      'A blue and green checked shirt in soft cotton with a point collar and long sleeves that roll up easily. Regular fit with a curved hem. Machine wash at 30°C.',
    descriptionUr:
      'نرم سوتی کپڑے کی نیلی اور سبز چیک دار شرٹ، نوکدار کالر اور لمبی آستینوں کے ساتھ جو آسانی سے موڑی جا سکیں۔ ریگولر فٹ اور گولائی والا دامن۔ 30 ڈگری پر مشین واش کریں۔',
    price: 1690,
    category: 'Kids',
    subCategory: 'TopWear',
    garment: 'shirt',
    colors: { main: '#2D5C8A', secondary: '#6FA36F', accent: '#F5F5F5' },
    pattern: 'checks',
    ...fit(kids('2-3Y', '12-13Y'), null),
    bestSeller: false,
  },
  {
    id: 'kids-embroidered-cotton-kurta',
    name: 'Kids Embroidered Cotton Kurta',
    nameUr: 'بچوں کا کڑھائی دار سوتی کرتا',
    description:
      'A warm beige kurta in cotton with golden thread embroidery around the band collar. Straight fit, long sleeves and side slits, ready for Eid with a shalwar. Hand wash cold and iron on the reverse.',
    descriptionUr:
      'سوتی کپڑے کا گرم بیج رنگ کا کرتا، بین کالر کے گرد سنہری دھاگے کی کڑھائی کے ساتھ۔ سیدھی فٹنگ، لمبی آستینیں اور سائیڈ چاک، شلوار کے ساتھ عید کے لیے تیار۔ ٹھنڈے پانی میں ہاتھ سے دھوئیں اور الٹی طرف سے استری کریں۔',
    price: 2150,
    category: 'Kids',
    subCategory: 'TopWear',
    garment: 'kurta',
    colors: { main: '#F1DEB3', secondary: '#E5CC94', accent: '#B8860B' },
    pattern: 'plain',
    ...fit(kids('2-3Y', '12-13Y'), charts.kidsKurta),
    bestSeller: false,
  },

  // Kids, BottomWear
  {
    id: 'kids-stretch-denim-jeans',
    name: 'Kids Stretch Denim Jeans',
    nameUr: 'بچوں کی اسٹریچ ڈینم جینز',
    description:
      'Mid-blue jeans in stretch cotton denim with an adjustable inside waistband. Five pockets, a zip fly and gold contrast stitching. Machine wash inside out at 30°C.',
    descriptionUr:
      'اسٹریچ کاٹن ڈینم کی درمیانے نیلے رنگ کی جینز، اندر سے ایڈجسٹ ہونے والی کمر کے ساتھ۔ پانچ جیبیں، زپ اور سنہری کنٹراسٹ سلائی۔ الٹا کر کے 30 ڈگری پر مشین واش کریں۔',
    price: 1950,
    category: 'Kids',
    subCategory: 'BottomWear',
    garment: 'jeans',
    colors: { main: '#40618C', secondary: '#344F73', accent: '#D9A441' },
    pattern: 'plain',
    ...fit(kids('2-3Y', '12-13Y'), charts.kidsJeans),
    bestSeller: true,
  },
  {
    id: 'kids-cotton-joggers',
    name: 'Kids Cotton Joggers',
    nameUr: 'بچوں کے سوتی جوگرز',
    description:
      'Navy joggers in soft cotton fleece with an elasticated waist and a coral drawcord. Side pockets and ribbed ankle cuffs. Machine wash at 30°C.',
    descriptionUr:
      'نرم کاٹن فلیس کے نیوی بلیو جوگرز، الاسٹک کمر اور کورل رنگ کی ڈوری کے ساتھ۔ سائیڈ جیبیں اور ٹخنوں پر رب والے کف۔ 30 ڈگری پر مشین واش کریں۔',
    price: 1290,
    category: 'Kids',
    subCategory: 'BottomWear',
    garment: 'joggers',
    colors: { main: '#2B3A55', secondary: '#24314A', accent: '#F25C54' },
    pattern: 'plain',
    ...fit(kids('2-3Y', '12-13Y'), charts.kidsJoggers),
    bestSeller: false,
  },
  {
    id: 'kids-twill-cargo-shorts',
    name: 'Kids Twill Cargo Shorts',
    nameUr: 'بچوں کے ٹوئل کارگو شارٹس',
    description:
      'Olive shorts in cotton twill with flap cargo pockets on the sides. An elasticated back waist and a button front. Machine wash at 30°C.',
    descriptionUr:
      'کاٹن ٹوئل کے زیتونی شارٹس، سائیڈوں پر فلیپ والی کارگو جیبوں کے ساتھ۔ پیچھے الاسٹک کمر اور سامنے بٹن۔ 30 ڈگری پر مشین واش کریں۔',
    price: 1250,
    category: 'Kids',
    subCategory: 'BottomWear',
    garment: 'shorts',
    colors: { main: '#7A7F5A', secondary: '#6A6F4C', accent: '#3E4130' },
    pattern: 'plain',
    ...fit(kids('2-3Y', '12-13Y'), charts.kidsShorts),
    bestSeller: false,
  },
  {
    id: 'kids-denim-shorts',
    name: 'Kids Denim Shorts',
    nameUr: 'بچوں کے ڈینم شارٹس',
    description:
      'Light-blue shorts in soft cotton denim with turn-up hems. Five pockets and an adjustable waistband. Machine wash inside out.',
    descriptionUr:
      'نرم کاٹن ڈینم کے ہلکے نیلے شارٹس، مڑے ہوئے پائنچوں کے ساتھ۔ پانچ جیبیں اور ایڈجسٹ ہونے والی کمر۔ الٹا کر کے مشین واش کریں۔',
    price: 1150,
    category: 'Kids',
    subCategory: 'BottomWear',
    garment: 'shorts',
    colors: { main: '#6A8DB8', secondary: '#5A7DA8', accent: '#D9A441' },
    pattern: 'plain',
    ...fit(kids('2-3Y', '12-13Y'), null),
    bestSeller: false,
  },
  {
    id: 'kids-checked-a-line-skirt',
    name: 'Kids Checked A-Line Skirt',
    nameUr: 'بچوں کی چیک دار اے لائن اسکرٹ',
    description:
      'A red tartan A-line skirt in brushed polyester-viscose with an elasticated waistband. It sits just above the knee and pairs well with tights in winter. Machine wash cold.',
    descriptionUr:
      'برشڈ پولیسٹر وسکوس کی سرخ ٹارٹن چیک اے لائن اسکرٹ، الاسٹک کمر بند کے ساتھ۔ گھٹنے سے ذرا اوپر تک آتی ہے اور سردیوں میں ٹائٹس کے ساتھ خوب جچتی ہے۔ ٹھنڈے پانی میں مشین واش کریں۔',
    price: 1350,
    category: 'Kids',
    subCategory: 'BottomWear',
    garment: 'skirt',
    colors: { main: '#B23A48', secondary: '#1F2A44', accent: '#F2C14E' },
    pattern: 'checks',
    ...fit(kids('2-3Y', '12-13Y'), charts.kidsSkirt),
    bestSeller: false,
  },
  {
    id: 'kids-cotton-chino-trousers',
    name: 'Kids Cotton Chino Trousers',
    nameUr: 'بچوں کا سوتی چینو ٹراؤزر',
    description:
      'Slate-blue chinos in soft cotton twill with an adjustable waistband. Slant front pockets and a straight leg. Machine wash at 30°C.',
    descriptionUr:
      'نرم کاٹن ٹوئل کا سلیٹ بلیو چینو ٹراؤزر، ایڈجسٹ ہونے والی کمر کے ساتھ۔ سامنے ترچھی جیبیں اور سیدھے پائنچے۔ 30 ڈگری پر مشین واش کریں۔',
    price: 1650,
    category: 'Kids',
    subCategory: 'BottomWear',
    garment: 'trousers',
    colors: { main: '#5A6B7F', secondary: '#4D5D70', accent: '#2F3845' },
    pattern: 'plain',
    ...fit(kids('2-3Y', '12-13Y'), charts.kidsTrousers),
    bestSeller: false,
  },

  // Kids, WinterWear
  {
    id: 'kids-hooded-puffer-jacket',
    name: 'Kids Hooded Puffer Jacket',
    nameUr: 'بچوں کی ٹوپی والی پفر جیکٹ',
    description:
      'A red puffer jacket with quilted channels, lightweight polyester fill and an attached hood. Full-length zip, zipped pockets and elasticated cuffs. Machine wash on a gentle cycle.',
    descriptionUr:
      'سرخ پفر جیکٹ، کوئلٹڈ خانوں، ہلکی پولیسٹر بھرائی اور جڑی ہوئی ٹوپی کے ساتھ۔ پوری لمبائی کی زپ، زپ والی جیبیں اور الاسٹک کف۔ ہلکے سائیکل پر مشین واش کریں۔',
    price: 6150,
    category: 'Kids',
    subCategory: 'WinterWear',
    garment: 'puffer',
    colors: { main: '#D2433A', secondary: '#2A2A2A', accent: '#EDEDED' },
    pattern: 'plain',
    ...fit(kids('2-3Y', '12-13Y'), charts.kidsPuffer),
    bestSeller: false,
  },
  {
    id: 'kids-striped-knit-sweater',
    name: 'Kids Striped Knit Sweater',
    nameUr: 'بچوں کا دھاری دار نٹ سویٹر',
    description:
      'A navy and cream striped sweater in soft acrylic knit, easy on sensitive skin. Crew neck with ribbed cuffs and hem. Machine wash cold on a wool cycle and dry flat.',
    descriptionUr:
      'نرم ایکریلک بنائی کا نیوی بلیو اور کریم دھاریوں والا سویٹر، حساس جلد کے لیے آرام دہ۔ گول گلا، رب والے کف اور دامن۔ ٹھنڈے پانی میں اون والے سائیکل پر مشین واش کریں اور بچھا کر سکھائیں۔',
    price: 2050,
    category: 'Kids',
    subCategory: 'WinterWear',
    garment: 'sweater',
    colors: { main: '#2B4C7E', secondary: '#F0E6D2', accent: '#2B4C7E' },
    pattern: 'stripes',
    ...fit(kids('2-3Y', '12-13Y'), charts.kidsSweater),
    bestSeller: false,
  },
  {
    id: 'kids-double-breasted-wool-blend-coat',
    name: 'Kids Double-Breasted Wool-Blend Coat',
    nameUr: 'بچوں کا ڈبل بریسٹ وول بلینڈ کوٹ',
    description:
      'A navy coat in a warm wool-blend with notched lapels, gold-tone buttons and a red lining. Double-breasted front and flap pockets. Dry clean only.',
    descriptionUr:
      'گرم وول بلینڈ کا نیوی بلیو کوٹ، نوچڈ لیپل، سنہرے بٹنوں اور سرخ استر کے ساتھ۔ ڈبل بریسٹ سامنے اور فلیپ والی جیبیں۔ صرف ڈرائی کلین کروائیں۔',
    price: 6290,
    category: 'Kids',
    subCategory: 'WinterWear',
    garment: 'coat',
    colors: { main: '#2F4A6B', secondary: '#B23A48', accent: '#D4AF37' },
    pattern: 'plain',
    ...fit(kids('4-5Y', '12-13Y'), charts.kidsCoat),
    bestSeller: false,
  },
  {
    id: 'kids-zip-through-bomber-jacket',
    name: 'Kids Zip-Through Bomber Jacket',
    nameUr: 'بچوں کی زپ بمبر جیکٹ',
    description:
      'A teal-navy bomber in lightweight padded polyester with orange ribbed trims. Front zip, welt pockets and a cosy quilted lining. Machine wash on a gentle cycle.',
    descriptionUr:
      'ہلکے گدے دار پولیسٹر کی ٹیل نیوی بمبر جیکٹ، نارنجی رب والے کناروں کے ساتھ۔ سامنے زپ، جیبیں اور آرام دہ کوئلٹڈ استر۔ ہلکے سائیکل پر مشین واش کریں۔',
    price: 3350,
    category: 'Kids',
    subCategory: 'WinterWear',
    garment: 'jacket',
    colors: { main: '#2F4858', secondary: '#F2A541', accent: '#F2A541' },
    pattern: 'plain',
    ...fit(kids('2-3Y', '12-13Y'), null),
    bestSeller: false,
  },
  {
    id: 'kids-fleece-pullover-hoodie',
    name: 'Kids Fleece Pullover Hoodie',
    nameUr: 'بچوں کی فلیس پل اوور ہوڈی',
    description:
      'A teal pullover hoodie in soft brushed fleece with a cream-lined hood and white drawcords. Kangaroo pocket and ribbed cuffs and hem. Machine wash inside out at 30°C.',
    descriptionUr:
      'نرم برشڈ فلیس کی ٹیل رنگ کی پل اوور ہوڈی، کریم استر والی ٹوپی اور سفید ڈوریوں کے ساتھ۔ کینگرو جیب اور رب والے کف اور دامن۔ الٹا کر کے 30 ڈگری پر مشین واش کریں۔',
    price: 2350,
    category: 'Kids',
    subCategory: 'WinterWear',
    garment: 'hoodie',
    colors: { main: '#5FA8A0', secondary: '#E9F2F1', accent: '#FFFFFF' },
    pattern: 'plain',
    ...fit(kids('2-3Y', '12-13Y'), charts.kidsHoodie),
    bestSeller: false,
  },
]
