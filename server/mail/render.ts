import type { ReactElement } from 'react'
import { plainTextSelectors, render } from '@react-email/render'
import { compile } from 'html-to-text'
import type { Theme } from '#server/mail/email-parts.ts'

// One email, rendered once: React Email's HTML (React escapes every value, in text and
// in attributes), and the plain-text part read from that HTML by html-to-text with
// React Email's rules plus the store's own: a link or a row marked `data-text-format`
// (email-parts.ts) is one line, "Label: value". People and the tests find a message's
// links by that label ("Confirm my order: https://…").

/** The parts of html-to-text's parsed document these rules read. */
interface DomNode {
  type: string
  name?: string
  data?: string
  attribs?: Record<string, string>
  children?: DomNode[]
}

/** The parts of html-to-text's BlockTextBuilder these rules use. */
interface TextBuilder {
  openBlock(options: { leadingLineBreaks: number }): void
  addInline(text: string, options: { noWordTransform: boolean }): void
  closeBlock(options: { trailingLineBreaks: number }): void
}

type Formatter = (elem: DomNode, walk: unknown, builder: TextBuilder, options: { prefix?: string; br?: string }) => void

/** A node's words on one line; `br` stands for a line break inside it. */
function textOf(node: DomNode, br: string): string {
  if (node.type === 'text') return node.data ?? ''
  // Comments (Outlook's conditional ones inside a button), scripts and the like say nothing.
  if (node.type !== 'tag') return ''
  if (node.name === 'br') return br
  return (node.children ?? []).map((child) => textOf(child, br)).join('')
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

function line(builder: TextBuilder, text: string) {
  builder.openBlock({ leadingLineBreaks: 1 })
  builder.addInline(text, { noWordTransform: true })
  builder.closeBlock({ trailingLineBreaks: 1 })
}

const formatters: Record<string, Formatter> = {
  /** "Confirm my order: https://…" */
  labelledLink(elem, _walk, builder) {
    line(builder, `${oneLine(textOf(elem, ' '))}: ${elem.attribs?.href ?? ''}`)
  },
  /** "Courier: TCS", "- Men Oxford Shirt, Size M · Quantity 2: Rs 4,998": a row's cells. */
  cells(elem, _walk, builder, options) {
    const cells = (elem.children ?? []).filter((c) => c.type === 'tag' && c.name === 'td')
    line(builder, (options.prefix ?? '') + cells.map((c) => oneLine(textOf(c, options.br ?? ' '))).join(': '))
  },
}

/**
 * The plain-text reader of one language's emails, made once: html-to-text builds its
 * selectors' decision tree at every `convert`, which was most of a millisecond an email
 * and a twentieth of the event loop's work in a sale's busiest seconds
 * (`npm run bench:sale`); React Email's `toPlainText` is this with its own selectors first.
 */
const readers = new Map<Theme['lang'], (html: string) => string>()

function plainTextReader(lang: Theme['lang']): (html: string) => string {
  let reader = readers.get(lang)
  if (!reader) {
    reader = compile({
      wordwrap: false,
      formatters,
      selectors: [
        ...plainTextSelectors,
        { selector: '[data-text-format=link]', format: 'labelledLink' },
        { selector: 'tr[data-text-format=pair]', format: 'cells' },
        // A line's name and its size and quantity share one line of text, after a comma.
        {
          selector: 'tr[data-text-format=item]',
          format: 'cells',
          options: { prefix: '- ', br: lang === 'ur' ? '، ' : ', ' },
        },
        // Headings as written: Urdu has no capitals, and English ones would shout.
        { selector: 'h1', options: { uppercase: false } },
      ],
    })
    readers.set(lang, reader)
  }
  return reader
}

export async function renderEmail(email: ReactElement, theme: Theme): Promise<{ html: string; text: string }> {
  const html = await render(email)
  return { html, text: plainTextReader(theme.lang)(html) }
}
