// Small parts shared by many garments: buttons, zips, stitching, rib bands, drawstrings,
// pockets. Each returns SVG markup in canvas units.

import type { Ctx } from './context.ts'
import { rib } from './fabric.ts'
import { darken, isDark, lighten } from './palette.ts'
import { add, along, el, lerp, mul, n, p, path, pt, sub, unit, type Pt } from './svg.ts'

/** A sewn-through button with two holes and a soft highlight. */
export function button(ctx: Ctx, c: Pt, r: number, colour = ctx.pal.accent): string {
  const rim = darken(colour, 0.45)
  return (
    el('circle', { cx: c.x + r * 0.15, cy: c.y + r * 0.25, r, fill: '#000', opacity: 0.18 }) +
    el('circle', { cx: c.x, cy: c.y, r, fill: colour, stroke: rim, 'stroke-width': Math.max(0.5, r * 0.18) }) +
    el('circle', {
      cx: c.x,
      cy: c.y,
      r: r * 0.62,
      fill: 'none',
      stroke: darken(colour, 0.2),
      'stroke-width': r * 0.12,
    }) +
    el('circle', { cx: c.x - r * 0.25, cy: c.y, r: r * 0.14, fill: rim }) +
    el('circle', { cx: c.x + r * 0.25, cy: c.y, r: r * 0.14, fill: rim }) +
    el('circle', { cx: c.x - r * 0.35, cy: c.y - r * 0.4, r: r * 0.22, fill: '#fff', opacity: 0.35 })
  )
}

/** A domed metal shank button (jeans, denim jackets). */
export function shank(ctx: Ctx, c: Pt, r: number, colour = ctx.pal.accent): string {
  return (
    el('circle', { cx: c.x + r * 0.2, cy: c.y + r * 0.3, r, fill: '#000', opacity: 0.2 }) +
    el('circle', {
      cx: c.x,
      cy: c.y,
      r,
      fill: darken(colour, 0.15),
      stroke: darken(colour, 0.5),
      'stroke-width': r * 0.15,
    }) +
    el('circle', { cx: c.x, cy: c.y, r: r * 0.62, fill: colour }) +
    el('circle', { cx: c.x - r * 0.25, cy: c.y - r * 0.3, r: r * 0.25, fill: '#fff', opacity: 0.5 })
  )
}

export function rivet(ctx: Ctx, c: Pt): string {
  return el('circle', {
    cx: c.x,
    cy: c.y,
    r: 1.6,
    fill: lighten(ctx.pal.accent, 0.1),
    stroke: darken(ctx.pal.accent, 0.45),
    'stroke-width': 0.5,
  })
}

/** A dashed stitch line. */
export function stitch(d: string, colour: string, width = 0.8, dash = '2.6 1.8', opacity = 0.95): string {
  return path(d, {
    fill: 'none',
    stroke: colour,
    'stroke-width': width,
    'stroke-dasharray': dash,
    'stroke-linecap': 'round',
    opacity,
  })
}

/** A seam or fold: a thin line, optionally with a light line beside it for depth. */
export function seam(d: string, colour: string, width = 1, opacity = 0.8): string {
  return path(d, { fill: 'none', stroke: colour, 'stroke-width': width, 'stroke-linecap': 'round', opacity })
}

/** A fold: a darker crease with a highlight along one side. */
export function fold(ctx: Ctx, d: string, strength = 1): string {
  const dark = isDark(ctx.pal.main)
  return (
    path(d, {
      fill: 'none',
      stroke: '#fff',
      'stroke-width': 2.2,
      'stroke-linecap': 'round',
      opacity: (dark ? 0.1 : 0.16) * strength,
      transform: 'translate(1.3 0.4)',
    }) +
    path(d, {
      fill: 'none',
      stroke: '#000',
      'stroke-width': 1.1,
      'stroke-linecap': 'round',
      opacity: (dark ? 0.32 : 0.2) * strength,
    })
  )
}

/** A filled piece with the garment outline. */
export function piece(
  d: string,
  fill: string,
  stroke: string,
  width = 1.2,
  extra: Record<string, string | number> = {},
): string {
  return path(d, { fill, stroke, 'stroke-width': width, 'stroke-linejoin': 'round', ...extra })
}

/** Fills a path with an overlay (shading, texture) without an outline. */
export const overlay = (d: string, fill: string, opacity?: number) => path(d, { fill, opacity })

/** A ribbed knit band: the base colour, rib lines turned with it, and an outline. */
export function ribBand(ctx: Ctx, d: string, colour: string, outline: string, angle = 0): string {
  return piece(d, colour, outline, 1.1) + overlay(d, rib(ctx, angle)) + piece(d, 'none', outline, 1.1)
}

/**
 * A zip from a to b: tape, teeth, and a puller at a.
 * `colour` is the metal or the plastic of the teeth.
 */
export function zip(ctx: Ctx, a: Pt, b: Pt, colour: string, puller = true): string {
  const tape = darken(ctx.pal.main, 0.28)
  let s =
    seam(`M${p(a)}L${p(b)}`, tape, 5.2, 1) +
    path(`M${p(a)}L${p(b)}`, {
      stroke: colour,
      'stroke-width': 2.6,
      'stroke-dasharray': '1.1 1.1',
      fill: 'none',
    }) +
    seam(`M${p(a)}L${p(b)}`, darken(colour, 0.4), 0.5, 0.7)
  if (puller) {
    const d = unit(sub(b, a))
    const top = add(a, mul(d, 5))
    const tab = add(top, mul(d, 16))
    s +=
      el('rect', {
        x: top.x - 3.2,
        y: top.y - 1,
        width: 6.4,
        height: 6,
        rx: 1.5,
        fill: colour,
        stroke: darken(colour, 0.5),
        'stroke-width': 0.6,
      }) +
      path(
        `M${p(pt(top.x - 2.2, top.y + 4))}L${p(pt(tab.x - 2.6, tab.y))}Q${p(pt(tab.x, tab.y + 3))} ${p(pt(tab.x + 2.6, tab.y))}L${p(pt(top.x + 2.2, top.y + 4))}Z`,
        {
          fill: colour,
          stroke: darken(colour, 0.5),
          'stroke-width': 0.6,
        },
      ) +
      el('circle', { cx: tab.x, cy: tab.y - 3, r: 1.1, fill: darken(colour, 0.5) })
  }
  return s
}

/** A drawstring hanging from a with a small sway, ending in a metal tip. */
export function drawstring(ctx: Ctx, a: Pt, length: number, sway: number, colour = ctx.pal.accent): string {
  const end = pt(a.x + sway, a.y + length)
  const c1 = pt(a.x - sway * 0.3, a.y + length * 0.45)
  const tipEnd = pt(end.x + sway * 0.08, end.y + 7)
  const outline = darken(colour, 0.35)
  return (
    el('circle', { cx: a.x, cy: a.y, r: 2.6, fill: lighten('#8a8f96', 0.4), stroke: '#5c6168', 'stroke-width': 0.8 }) +
    path(`M${p(a)}Q${p(c1)} ${p(end)}`, {
      fill: 'none',
      stroke: outline,
      'stroke-width': 3.6,
      'stroke-linecap': 'round',
    }) +
    path(`M${p(a)}Q${p(c1)} ${p(end)}`, {
      fill: 'none',
      stroke: colour,
      'stroke-width': 2.4,
      'stroke-linecap': 'round',
    }) +
    path(`M${p(end)}L${p(tipEnd)}`, { stroke: '#6b7078', 'stroke-width': 3, 'stroke-linecap': 'round' })
  )
}

/** A patch pocket: rectangle with a rounded or pointed bottom and a stitched edge. */
export function patchPocket(
  ctx: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  opts: { pointed?: boolean; stitchColour?: string; outline?: string } = {},
): string {
  const outline = opts.outline ?? ctx.pal.seam
  const bottom = opts.pointed
    ? `L${n(x + w)},${n(y + h - 6)}L${n(x + w / 2)},${n(y + h)}L${n(x)},${n(y + h - 6)}`
    : `L${n(x + w)},${n(y + h - 4)}Q${n(x + w)},${n(y + h)} ${n(x + w - 4)},${n(y + h)}L${n(x + 4)},${n(y + h)}Q${n(x)},${n(y + h)} ${n(x)},${n(y + h - 4)}`
  const d = `M${n(x)},${n(y)}L${n(x + w)},${n(y)}${bottom}Z`
  const inset = `M${n(x + 2.5)},${n(y + 3)}L${n(x + 2.5)},${n(y + h - 5)}M${n(x + w - 2.5)},${n(y + 3)}L${n(x + w - 2.5)},${n(y + h - 5)}`
  return (
    piece(d, fill, outline, 1) +
    seam(`M${n(x + 1)},${n(y + 4)}L${n(x + w - 1)},${n(y + 4)}`, '#000', 0.8, 0.12) +
    stitch(inset, opts.stitchColour ?? ctx.pal.seam, 0.7)
  )
}

/** A welt pocket: a slanted slit with a visible inner edge. */
export function weltPocket(ctx: Ctx, a: Pt, b: Pt, width: number, lining: string): string {
  const d = unit(sub(b, a))
  const nn = pt(-d.y, d.x)
  const c = (q: Pt, k: number) => add(q, mul(nn, k))
  const outer = `M${p(c(a, -width / 2))}L${p(c(b, -width / 2))}L${p(c(b, width / 2))}L${p(c(a, width / 2))}Z`
  return (
    piece(outer, ctx.pal.shade, ctx.pal.outline, 0.9) +
    path(`M${p(a)}L${p(b)}`, { stroke: lining, 'stroke-width': 1.6, 'stroke-linecap': 'round' }) +
    stitch(`M${p(c(a, -width / 2 - 2))}L${p(c(b, -width / 2 - 2))}`, ctx.pal.seam, 0.6)
  )
}

/** Points spaced evenly from a to b (inclusive). */
export function spaced(a: Pt, b: Pt, count: number): Pt[] {
  return Array.from({ length: count }, (_, i) => lerp(a, b, count === 1 ? 0.5 : i / (count - 1)))
}

/** A short fabric wrinkle starting at the edge point e, heading in direction dir. */
export function wrinkle(ctx: Ctx, e: Pt, dir: Pt, len: number, curl: number): string {
  const end = add(e, mul(dir, len))
  return fold(ctx, `M${p(e)}Q${p(along(e, end, 0.5, curl))} ${p(end)}`, 0.9)
}
