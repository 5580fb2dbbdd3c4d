// Text as name search compares it (docs/decisions/009, 022): lower case for English, and
// for Urdu, which has no case, the same letter whichever keyboard typed it. Arabic
// keyboards type Arabic yeh, kaf and heh (ي ك ه) where Urdu has its own (ی ک ہ), and a
// letter with hamza or madda may come as one character or as the letter and a mark;
// vowel marks (zer, zabar, pesh) are rarely typed and sometimes written. The stored
// names (products.name_search) and what a shopper or the owner types are folded alike,
// so the catalog's search and the console's both match them.

/** Letters written more than one way, as the one way search keeps. */
const SAME_LETTER: Record<string, string> = {
  '\u0622': '\u0627', // آ alef with madda → ا
  '\u0623': '\u0627', // أ alef with hamza above → ا
  '\u0625': '\u0627', // إ alef with hamza below → ا
  '\u0671': '\u0627', // ٱ alef wasla → ا
  '\u0624': '\u0648', // ؤ waw with hamza → و
  '\u0626': '\u06cc', // ئ yeh with hamza → ی
  '\u064a': '\u06cc', // ي Arabic yeh → ی
  '\u0649': '\u06cc', // ى alef maksura → ی
  '\u06d3': '\u06d2', // ۓ yeh barree with hamza → ے
  '\u0643': '\u06a9', // ك Arabic kaf → ک
  '\u0647': '\u06c1', // ه Arabic heh → ہ
  '\u06c0': '\u06c1', // ۀ heh with yeh above → ہ
  '\u06c2': '\u06c1', // ۂ heh goal with hamza → ہ
  '\u0629': '\u06c1', // ة teh marbuta → ہ
}
const LETTERS = new RegExp(`[${Object.keys(SAME_LETTER).join('')}]`, 'g')
/** Vowel marks, hamza and madda as marks, superscript alef, tatweel, and the invisible joiners. */
const MARKS = /[\u064b-\u065f\u0670\u0640\u200c\u200d]/g

/** The text as search compares it: lower case, Urdu letters in one form, without vowel marks. */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(MARKS, '')
    .replace(LETTERS, (c) => SAME_LETTER[c]!)
}
