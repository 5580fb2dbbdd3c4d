import { foldForSearch } from '#contracts/search-text.ts'

// Search that forgives typing (docs/decisions/009). The spec's rule stands: a name
// containing the text, case-insensitively, matches. On top of it, each word of the
// text that no word of the catalog contains is read as a near miss of the catalog's
// words ("jeens" → jeans, "kurtaa" → kurta). The databases' trigram indexes answer
// the containment; the words (a few thousand at most) are held by the service.
//
// A product is found by its English name or its Urdu one (docs/decisions/023): both are
// in the text search matches, and both names' words are catalog words. Edit distance
// counts letters of any alphabet, so an Urdu word is corrected the same way
// ("کرتے" → کرتا); the different ways Urdu is typed are folded first (contracts/search-text.ts).

/** The words of a text as search knows them: folded (lower case), letters and digits, 2 or more. */
export function nameTerms(text: string): string[] {
  return foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2)
}

/** The words of a product's names, English and Urdu. */
export function productTerms(p: { name: string; nameUr?: string | null | undefined }): string[] {
  return [...nameTerms(p.name), ...nameTerms(p.nameUr ?? '')]
}

/**
 * What search matches of a product (products.name_search): its name and, on a line of
 * its own, its Urdu name, folded as a search is. No search holds a line break
 * (normalizeQuery makes every space one ' '), so no fragment matches across the two.
 */
export function productSearchText(name: string, nameUr: string | null | undefined): string {
  return foldForSearch(nameUr ? `${name}\n${nameUr}` : name)
}

/** The search text as one folded (lower-case) fragment without wildcards, or '' when there is none. */
export function normalizeQuery(q: string): string {
  return foldForSearch(q)
    .replace(/[%_\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
}

/** How far a word may be from a catalog word to count as a near miss. */
function allowedEdits(length: number): number {
  if (length < 4) return 0
  if (length < 7) return 1
  return 2
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment), giving up
 * past `max`: "jeens" → "jeans" is 1, "kurtaa" → "kurta" is 1, "sirht" → "shirt" is 2.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prevPrev: number[] = []
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1)
      row.push(d)
      if (d < best) best = d
    }
    if (best > max) return max + 1
    prevPrev = prev
    prev = row
  }
  return prev[b.length]!
}

/**
 * The search as groups of name fragments: one group a word, each holding the word and,
 * when no catalog word contains it, the catalog words it is a near miss of (closest
 * first, at most 5). A word with no match and no near miss stays, so it matches nothing.
 */
export function searchGroups(q: string, vocabulary: readonly string[]): string[][] {
  const words = [...new Set(normalizeQuery(q).split(' ').filter(Boolean))].slice(0, 6)
  return words.map((word) => {
    const max = allowedEdits(word.length)
    if (max === 0 || vocabulary.some((term) => term.includes(word))) return [word]
    const near = vocabulary
      .map((term) => ({ term, d: nearestPart(word, term, max) }))
      .filter((c) => c.d <= max)
      .sort((x, y) => x.d - y.d || x.term.localeCompare(y.term))
      .slice(0, 5)
      .map((c) => c.term)
    return [word, ...near]
  })
}

/**
 * Distance from a typed word to a catalog word, or to the catalog word's beginning when
 * the shopper is still typing it ("jakc" is one edit from the start of "jacket").
 */
function nearestPart(word: string, term: string, max: number): number {
  const whole = editDistance(word, term, max)
  if (term.length <= word.length) return whole
  return Math.min(whole, editDistance(word, term.slice(0, word.length), max))
}
