// What a drawing knows about the product: its record, its palette, the picture's <defs>,
// and a few style traits read from the name and description (so "Zip Hoodie" gets a zip).

import type { DemoProduct } from '#demo/catalog-types.ts'
import { paletteFor, type Palette } from './palette.ts'
import { Defs, hash } from './svg.ts'

export interface Traits {
  kids: boolean
  zip: boolean
  hood: boolean
  denim: boolean
  cable: boolean
  /** A single chest graphic instead of an all-over print. */
  graphic: 'star' | 'mountain' | null
  wide: boolean
  cargo: boolean
  pleated: boolean
  cropped: boolean
  slim: boolean
  relaxed: boolean
  embroidered: boolean
  tieNeck: boolean
  buttonDown: boolean
  chestPocket: boolean
  threeQuarter: boolean
  sleeveless: boolean
  formal: boolean
}

export interface Ctx {
  product: DemoProduct
  pal: Palette
  defs: Defs
  traits: Traits
  seed: number
}

export function traitsFor(product: DemoProduct): Traits {
  const name = product.name.toLowerCase()
  const text = `${name} ${product.description.toLowerCase()}`
  const has = (...words: string[]) => words.some((w) => name.includes(w))
  const graphicKind = ['tshirt', 'hoodie', 'polo'].includes(product.garment) && product.pattern === 'print'
  return {
    kids: product.category === 'Kids',
    zip: has('zip'),
    hood: product.garment === 'hoodie' || has('hooded'),
    denim: product.garment === 'jeans' || has('denim'),
    cable: has('cable'),
    graphic: graphicKind ? (has('star') ? 'star' : 'mountain') : null,
    wide: has('wide', 'palazzo'),
    cargo: has('cargo'),
    pleated: has('pleat'),
    cropped: has('cropped', 'cigarette'),
    slim: has('slim', 'skinny'),
    relaxed: has('relaxed'),
    embroidered: has('embroider', 'chikankari'),
    tieNeck: has('tie-neck', 'tie neck'),
    buttonDown: has('oxford'),
    chestPocket: product.category === 'Men' || text.includes('chest pocket'),
    threeQuarter: text.includes('three-quarter'),
    sleeveless: text.includes('sleeveless'),
    formal: has('formal', 'tailored'),
  }
}

export function makeCtx(product: DemoProduct): Ctx {
  return {
    product,
    pal: paletteFor(product.colors),
    defs: new Defs(),
    traits: traitsFor(product),
    seed: hash(product.id),
  }
}
