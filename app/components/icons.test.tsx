import { describe, expect, test } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { Expand, Heart, X, shapesMarkup } from '#app/components/icons.tsx'

describe('icons', () => {
  test('draw Lucide’s shapes inside one svg, hidden from screen readers, with the classes given', () => {
    const html = renderToStaticMarkup(<Expand className="size-4" />)
    expect(html).toMatch(/^<svg [^>]*class="lucide lucide-expand size-4"[^>]*>/)
    expect(html).toContain('aria-hidden="true"')
    expect(html).toContain('viewBox="0 0 24 24"')
    // The stroke is the .lucide rule's (app.css), not five attributes an icon.
    expect(html).not.toContain('stroke')
    // Expand is eight strokes.
    expect(html.match(/<path d="[^"]+"><\/path>/g)).toHaveLength(8)
    expect(html).toContain('<path d="m15 15 6 6"></path>')
  })

  test('a named icon is left for screen readers, and props reach the svg', () => {
    const html = renderToStaticMarkup(<Heart aria-label="Kept" strokeWidth={1.5} />)
    expect(html).not.toContain('aria-hidden')
    expect(html).toContain('aria-label="Kept"')
    expect(html).toContain('style="stroke-width:1.5"')
    expect(renderToStaticMarkup(<X />)).toContain('class="lucide lucide-x"')
  })

  test('attribute values are escaped', () => {
    expect(shapesMarkup([['path', { d: 'M0 0"/><script>' }]])).toBe('<path d="M0 0&quot;/>&lt;script>"></path>')
  })
})
