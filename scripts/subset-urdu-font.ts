// `npm run font:urdu`: writes app/fonts/noto-nastaliq-urdu-urdu-400.woff2, the Urdu face the
// store serves (docs/decisions/022): Noto Nastaliq Urdu from @fontsource-variable, cut to
// the letters, marks, digits and punctuation Urdu is written with, at one weight. The
// Arabic-script file @fontsource ships is 239 KB, variable in weight and covering Arabic,
// Persian, Sindhi and more; this one is about half that, which is what a phone on a slow
// line has to fetch before an Urdu page's text is in its face. The font's licence (SIL
// Open Font License 1.1) allows the cut; its name table keeps the copyright and licence.
// Run it again after updating the @fontsource package; commit the file it writes.
import fs from 'node:fs'
import path from 'node:path'
import subsetFont from 'subset-font'
import { URDU_CODE_POINTS } from '../app/fonts/urdu-code-points.ts'

const root = path.resolve(import.meta.dirname, '..')
const source = path.join(
  root,
  'node_modules/@fontsource-variable/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-wght-normal.woff2',
)
const target = path.join(root, 'app/fonts/noto-nastaliq-urdu-urdu-400.woff2')

let text = ''
for (const [from, to] of URDU_CODE_POINTS) for (let c = from; c <= to; c++) text += String.fromCodePoint(c)
const font = await subsetFont(fs.readFileSync(source), text, { targetFormat: 'woff2', variationAxes: { wght: 400 } })
fs.writeFileSync(target, font)
console.log(`${path.relative(root, target)}: ${(font.length / 1024).toFixed(0)} KB`)
