/**
 * The characters the store's Urdu face holds (scripts/subset-urdu-font.ts), as inclusive
 * ranges: Urdu's letters (with the Arabic ones it shares), its marks, Urdu and Arabic-Indic
 * digits, its punctuation, and the joiners and direction marks that sit between them.
 * app/app.css's @font-face names the same ranges, so any other character is drawn in the
 * next face of the list instead of a missing glyph.
 */
export const URDU_CODE_POINTS: readonly (readonly [number, number])[] = [
  [0x0600, 0x0605], // number signs
  [0x060c, 0x060c], // ، comma
  [0x061b, 0x061f], // ؛ semicolon … ؟ question mark
  [0x0621, 0x063a], // hamza … ghain
  [0x0640, 0x0655], // tatweel, fa … ye, and the vowel marks
  [0x0660, 0x066d], // Arabic-Indic digits and their separators
  [0x0670, 0x0670], // superscript alef
  [0x0679, 0x0679], // ٹ
  [0x067e, 0x067e], // پ
  [0x0686, 0x0686], // چ
  [0x0688, 0x0688], // ڈ
  [0x0691, 0x0691], // ڑ
  [0x0698, 0x0698], // ژ
  [0x06a9, 0x06a9], // ک
  [0x06af, 0x06af], // گ
  [0x06ba, 0x06ba], // ں
  [0x06be, 0x06be], // ھ
  [0x06c0, 0x06c3], // ۀ … ۃ
  [0x06cc, 0x06cc], // ی
  [0x06d2, 0x06d4], // ے ۓ ۔
  [0x06f0, 0x06f9], // Urdu digits
  [0x200c, 0x200f], // joiners and direction marks
  [0xfdf2, 0xfdf2], // the ligature of Allah
  [0xfdfd, 0xfdfd], // bismillah
]
