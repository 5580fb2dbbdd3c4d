import { describe, expect, it } from 'vitest'
import { editDistance, nameTerms, normalizeQuery, productSearchText, searchGroups } from '#server/catalog/search.ts'

const vocabulary = ['men', 'slim', 'fit', 'jeans', 'kurta', 'shirt', 'shorts', 'jacket', 'denim', 'hoodie']

describe('editDistance', () => {
  it('counts substitutions, insertions, deletions and adjacent swaps as one edit each', () => {
    expect(editDistance('jeens', 'jeans', 2)).toBe(1)
    expect(editDistance('kurtaa', 'kurta', 2)).toBe(1)
    expect(editDistance('shrit', 'shirt', 2)).toBe(1)
    expect(editDistance('hodie', 'hoodie', 2)).toBe(1)
    expect(editDistance('jeans', 'jeans', 2)).toBe(0)
  })

  it('gives up past the limit', () => {
    expect(editDistance('sari', 'jacket', 1)).toBe(2)
    expect(editDistance('a', 'abcdef', 2)).toBe(3)
  })
})

describe('searchGroups', () => {
  it('keeps a word the catalog contains as it is, so "shirt" never becomes "shorts"', () => {
    expect(searchGroups('Shirt', vocabulary)).toEqual([['shirt']])
    expect(searchGroups('kurt', vocabulary)).toEqual([['kurt']])
  })

  it('adds the catalog words a mistyped word is a near miss of', () => {
    expect(searchGroups('jeens', vocabulary)).toEqual([['jeens', 'jeans']])
    expect(searchGroups('KURTAA', vocabulary)).toEqual([['kurtaa', 'kurta']])
    expect(searchGroups('slim jeens', vocabulary)).toEqual([['slim'], ['jeens', 'jeans']])
  })

  it('reads a word still being typed as the start of a catalog word', () => {
    expect(searchGroups('jakc', vocabulary)).toEqual([['jakc', 'jacket']])
  })

  it('does not guess at short words or at words far from every catalog word', () => {
    expect(searchGroups('fti', vocabulary)).toEqual([['fti']])
    expect(searchGroups('sari', vocabulary)).toEqual([['sari']])
  })

  it('drops wildcards and repeated words', () => {
    expect(normalizeQuery('  50%_off \\ ')).toBe('50 off')
    expect(searchGroups('fit fit', vocabulary)).toEqual([['fit']])
    expect(searchGroups('%', vocabulary)).toEqual([])
  })
})

describe('nameTerms', () => {
  it('splits a name into lower-case words of two letters or more', () => {
    expect(nameTerms('Men Crew-Neck T-Shirt (2 pack)')).toEqual(['men', 'crew', 'neck', 'shirt', 'pack'])
  })
})

describe('Urdu names (docs/decisions/023)', () => {
  it('folds Urdu typed on an Arabic keyboard, with vowel marks or hamza, to one spelling', () => {
    // Arabic yeh, kaf and heh; yeh with hamza; a zer; alef with madda.
    expect(normalizeQuery('مردانه سوتي كرتا')).toBe('مردانہ سوتی کرتا')
    expect(normalizeQuery('کڑھائی')).toBe(normalizeQuery('کڑھایی'))
    expect(normalizeQuery('ٹِی شرٹ')).toBe('ٹی شرٹ')
    expect(normalizeQuery('آستین')).toBe('استین')
  })

  it('keeps both names in one search text, on lines of their own that no search spans', () => {
    expect(productSearchText('Men Cotton Kurta', 'مردانہ سوتي کرتا')).toBe('men cotton kurta\nمردانہ سوتی کرتا')
    expect(productSearchText('Men Cotton Kurta', null)).toBe('men cotton kurta')
    expect(normalizeQuery('kurta\nمردانہ')).toBe('kurta مردانہ')
  })

  it('gives Urdu words to the catalog’s words and corrects an Urdu near miss as an English one', () => {
    expect(nameTerms('مردانہ سوتی کرتا (ٹی شرٹ)')).toEqual(['مردانہ', 'سوتی', 'کرتا', 'ٹی', 'شرٹ'])
    expect(searchGroups('کرتے', ['مردانہ', 'سوتی', 'کرتا'])).toEqual([['کرتے', 'کرتا']])
    expect(searchGroups('کرت', ['مردانہ', 'سوتی', 'کرتا'])).toEqual([['کرت']])
  })
})
