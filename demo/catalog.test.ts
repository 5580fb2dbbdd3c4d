import { describe, it, expect } from 'vitest'
import { demoCatalog, adultSizes, kidsSizes } from '#demo/catalog.ts'
import { categories, subCategories, type SubCategory } from '#contracts/catalog.ts'
import { garmentKinds, type GarmentKind } from '#demo/catalog-types.ts'
import { largeCatalog } from '#demo/large-catalog.ts'
import { urduSentences } from '#demo/large-catalog-urdu.ts'

const garmentsBySubCategory: Record<SubCategory, GarmentKind[]> = {
  TopWear: ['tshirt', 'polo', 'shirt', 'kurta', 'blouse', 'dress'],
  BottomWear: ['jeans', 'trousers', 'shorts', 'skirt', 'joggers'],
  WinterWear: ['hoodie', 'sweater', 'jacket', 'puffer', 'coat'],
}

/** The sizes must be a run of neighbouring sizes in the scale's own order. */
function isContiguousRun(sizes: string[], scale: readonly string[]): boolean {
  const start = scale.indexOf(sizes[0] ?? '')
  return start >= 0 && sizes.every((size, i) => scale[start + i] === size)
}

function inches(value: string | null): number | null {
  if (value === null) return null
  expect(value).toMatch(/^\d+(\.5)?$/)
  return Number(value)
}

describe('demo catalog', () => {
  it('has at least 54 products', () => {
    expect(demoCatalog.length).toBeGreaterThanOrEqual(54)
  })

  it('covers all nine category x sub-category pairs, at least 5 each and evenly', () => {
    const counts: number[] = []
    for (const category of categories) {
      for (const subCategory of subCategories) {
        const n = demoCatalog.filter((p) => p.category === category && p.subCategory === subCategory).length
        expect(n, `${category} ${subCategory}`).toBeGreaterThanOrEqual(5)
        counts.push(n)
      }
    }
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1)
  })

  it('has unique slug ids and unique names', () => {
    const ids = demoCatalog.map((p) => p.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    const names = demoCatalog.map((p) => p.name.toLowerCase())
    expect(new Set(names).size).toBe(names.length)
  })

  it('names start with the category and descriptions are two or three sentences', () => {
    for (const p of demoCatalog) {
      expect(p.name.startsWith(`${p.category} `), p.id).toBe(true)
      const sentences = p.description.split(/(?<=[.!?])\s+/).filter(Boolean)
      expect(sentences.length, p.id).toBeGreaterThanOrEqual(2)
      expect(sentences.length, p.id).toBeLessThanOrEqual(3)
    }
  })

  it('draws each product as a garment of its sub-category', () => {
    for (const p of demoCatalog) {
      expect(garmentKinds).toContain(p.garment)
      expect(garmentsBySubCategory[p.subCategory], p.id).toContain(p.garment)
    }
  })

  it('has positive whole-rupee prices that are mostly distinct', () => {
    for (const p of demoCatalog) {
      expect(Number.isInteger(p.price), p.id).toBe(true)
      expect(p.price, p.id).toBeGreaterThan(0)
    }
    const distinct = new Set(demoCatalog.map((p) => p.price)).size
    expect(distinct).toBeGreaterThanOrEqual(demoCatalog.length * 0.8)
  })

  it('uses hex colours and known patterns', () => {
    for (const p of demoCatalog) {
      for (const c of Object.values(p.colors)) expect(c, p.id).toMatch(/^#[0-9A-Fa-f]{6}$/)
      expect(['plain', 'stripes', 'checks', 'print']).toContain(p.pattern)
    }
  })

  it('lists sizes as a contiguous run in natural order (ages for kids)', () => {
    for (const p of demoCatalog) {
      const scale = p.category === 'Kids' ? kidsSizes : adultSizes
      expect(p.sizes.length, p.id).toBeGreaterThanOrEqual(3)
      expect(isContiguousRun(p.sizes, scale), `${p.id}: ${p.sizes.join(' ')}`).toBe(true)
    }
  })

  it('has a size chart for most products, one row per size in order, growing with size', () => {
    const withChart = demoCatalog.filter((p) => p.sizeChart !== null)
    expect(withChart.length).toBeGreaterThanOrEqual(demoCatalog.length * 0.75)
    expect(withChart.length).toBeLessThan(demoCatalog.length)
    for (const p of withChart) {
      const chart = p.sizeChart ?? []
      expect(
        chart.map((r) => r.size),
        p.id,
      ).toEqual(p.sizes)
      const columns = ['chest', 'length', 'waist', 'sleeves'] as const
      for (const column of columns) {
        const values = chart.map((r) => inches(r[column]))
        // A column either applies to every size or to none.
        expect(new Set(values.map((v) => v === null)).size, `${p.id} ${column}`).toBe(1)
        for (let i = 1; i < values.length; i++) {
          const [prev, cur] = [values[i - 1], values[i]]
          if (prev != null && cur != null) expect(cur, `${p.id} ${column}`).toBeGreaterThan(prev)
        }
      }
      const first = chart[0]!
      expect(first.length, p.id).not.toBeNull()
      if (p.subCategory === 'BottomWear') {
        expect(first.chest, p.id).toBeNull()
        expect(first.sleeves, p.id).toBeNull()
        expect(first.waist, p.id).not.toBeNull()
      } else {
        expect(first.chest, p.id).not.toBeNull()
      }
    }
  })

  it('marks 8 to 10 best sellers spread across the categories', () => {
    const best = demoCatalog.filter((p) => p.bestSeller)
    expect(best.length).toBeGreaterThanOrEqual(8)
    expect(best.length).toBeLessThanOrEqual(10)
    for (const category of categories)
      expect(
        best.some((p) => p.category === category),
        category,
      ).toBe(true)
  })

  it('opens with a varied Latest Collection', () => {
    const latest = demoCatalog.slice(0, 8)
    expect(new Set(latest.map((p) => p.category)).size).toBe(categories.length)
    expect(new Set(latest.map((p) => p.subCategory)).size).toBe(subCategories.length)
    expect(new Set(latest.map((p) => p.garment)).size).toBeGreaterThanOrEqual(7)
  })

  it('names and describes every product in Urdu, sentence for sentence with the English', () => {
    // Urdu letters, spaces and the shop's English words in Urdu letters; no Latin letters.
    const urdu = /^[\p{Script=Arabic}\s]+$/u
    for (const p of demoCatalog) {
      expect(p.nameUr, p.id).toMatch(urdu)
      expect(p.descriptionUr, p.id).not.toMatch(/[A-Za-z]/)
      // The large catalog keeps the same sentences of both (demo/large-catalog.ts, describe).
      const english = p.description.split(/(?<=\.)\s+(?=[A-Z])/)
      expect(urduSentences(p.descriptionUr!).length, p.id).toBe(english.length)
    }
    const names = demoCatalog.map((p) => p.nameUr)
    expect(new Set(names).size).toBe(names.length)
  })
})

describe('large catalog', () => {
  it('names and describes every generated product in Urdu, from the same parts as the English', () => {
    // Every demo product and every word of its parts come round within a few thousand.
    for (const chunk of largeCatalog(5400, { now: Date.UTC(2026, 10, 26) })) {
      for (const p of chunk) {
        expect(p.nameUr, p.id).toMatch(/^(مردانہ|زنانہ|بچوں کا|بچوں کی|بچوں کے) \p{Script=Arabic}/u)
        expect(p.nameUr, p.id).not.toMatch(/[A-Za-z]/)
        expect(p.descriptionUr, p.id).not.toMatch(/[A-Za-z]/)
        expect(urduSentences(p.descriptionUr!).length, p.id).toBe(p.description.split(/(?<=\.)\s+(?=[A-Z])/).length)
      }
    }
  })
})
