// Fabric fills and overlays: the product's pattern as an SVG <pattern>, shading gradients
// that give a flat shape volume, and surface textures (rib, knit, twill, quilting).
// Every fill is applied to the piece's own path, so patterns never spill outside the garment.

import type { GarmentKind } from '#demo/catalog-types.ts'
import type { Ctx } from './context.ts'
import { darken, isDark, lighten, mix } from './palette.ts'
import { el, n, p, type Pt } from './svg.ts'

const KNIT_KINDS: GarmentKind[] = ['tshirt', 'polo', 'sweater', 'hoodie']

function stripeSpec(kind: GarmentKind): { period: number; width: number; vertical: boolean } {
  if (kind === 'sweater') return { period: 22, width: 10, vertical: false }
  if (KNIT_KINDS.includes(kind)) return { period: 15, width: 6, vertical: false }
  return { period: 8, width: 2.2, vertical: true }
}

function checkSize(kind: GarmentKind): number {
  if (kind === 'dress') return 14
  if (kind === 'skirt') return 30
  return 24
}

function flower(x: number, y: number, r: number, petal: string, centre: string, leaf: string, turn: number): string {
  let s = ''
  for (const side of [-1, 1]) {
    s += el('ellipse', {
      cx: x + side * r * 1.9,
      cy: y + r * 1.3,
      rx: r * 1.05,
      ry: r * 0.45,
      fill: leaf,
      transform: `rotate(${side * 35 + turn} ${n(x + side * r * 1.9)} ${n(y + r * 1.3)})`,
    })
  }
  for (let i = 0; i < 5; i++) {
    const a = ((i * 72 + turn) * Math.PI) / 180
    s += el('circle', { cx: x + Math.cos(a) * r * 0.85, cy: y + Math.sin(a) * r * 0.85, r: r * 0.62, fill: petal })
  }
  return s + el('circle', { cx: x, cy: y, r: r * 0.38, fill: centre })
}

/**
 * The fill of a main-fabric piece: a colour, or a pattern in the product's colours.
 * `angle` turns the pattern with the piece (a sleeve hangs at an angle; its stripes follow).
 */
export function fabric(ctx: Ctx, angle = 0, scale = 1): string {
  const { product, pal, defs } = ctx
  const { pattern, garment } = product
  if (pattern === 'plain' || (pattern === 'print' && (ctx.traits.graphic || garment === 'sweater'))) return pal.main
  const turn = (base: number) => `rotate(${n(base + angle)}) scale(${scale})`
  if (pattern === 'stripes') {
    const s = stripeSpec(garment)
    const id = defs.add(`stripes:${angle}:${scale}`, (id) =>
      el(
        'pattern',
        {
          id,
          width: 40,
          height: s.period,
          patternUnits: 'userSpaceOnUse',
          patternTransform: turn(s.vertical ? 90 : 0),
        },
        el('rect', { width: 40, height: s.period, fill: pal.main }) +
          el('rect', { y: 0, width: 40, height: s.width, fill: pal.secondary }),
      ),
    )
    return `url(#${id})`
  }
  if (pattern === 'checks') {
    const c = checkSize(garment)
    const band = c * 0.45
    const fine = c >= 20
    const id = defs.add(`checks:${angle}:${scale}`, (id) =>
      el(
        'pattern',
        { id, width: c, height: c, patternUnits: 'userSpaceOnUse', patternTransform: turn(0) },
        el('rect', { width: c, height: c, fill: pal.main }) +
          el('rect', { width: c, height: band, fill: pal.secondary, opacity: 0.5 }) +
          el('rect', { width: band, height: c, fill: pal.secondary, opacity: 0.5 }) +
          (fine
            ? el('rect', { y: c * 0.72, width: c, height: 1, fill: pal.accent, opacity: 0.45 }) +
              el('rect', { x: c * 0.72, width: 1, height: c, fill: pal.accent, opacity: 0.45 })
            : ''),
      ),
    )
    return `url(#${id})`
  }
  // All-over floral print.
  const t = 34
  const id = defs.add(`print:${angle}:${scale}`, (id) =>
    el(
      'pattern',
      { id, width: t, height: t, patternUnits: 'userSpaceOnUse', patternTransform: turn(0) },
      el('rect', { width: t, height: t, fill: pal.main }) +
        flower(9, 9, 3.4, pal.secondary, lighten(pal.secondary, 0.55), pal.accent, 0) +
        flower(26, 26, 3.0, mix(pal.secondary, pal.main, 0.25), lighten(pal.secondary, 0.55), pal.accent, 40) +
        el('circle', { cx: 26, cy: 8, r: 1.1, fill: pal.accent, opacity: 0.7 }) +
        el('circle', { cx: 8, cy: 27, r: 1.1, fill: pal.accent, opacity: 0.7 }),
    ),
  )
  return `url(#${id})`
}

/** The fill of a secondary-colour piece (collar, cuffs, lining). */
export const secondary = (ctx: Ctx) => ctx.pal.secondary

/**
 * A shading overlay across a piece, from edge a to edge b: dark at both edges,
 * a soft highlight a third of the way in. Drawn over the fabric with the same path.
 */
export function volume(ctx: Ctx, a: Pt, b: Pt, strength = 1): string {
  const dark = isDark(ctx.pal.main)
  const hi = (dark ? 0.13 : 0.2) * strength
  const lo = (dark ? 0.32 : 0.22) * strength
  const key = `vol:${p(a)}:${p(b)}:${strength}`
  const id = ctx.defs.add(key, (id) =>
    el(
      'linearGradient',
      { id, gradientUnits: 'userSpaceOnUse', x1: a.x, y1: a.y, x2: b.x, y2: b.y },
      el('stop', { offset: 0, 'stop-color': '#000', 'stop-opacity': lo }) +
        el('stop', { offset: 0.14, 'stop-color': '#000', 'stop-opacity': lo * 0.3 }) +
        el('stop', { offset: 0.34, 'stop-color': '#fff', 'stop-opacity': hi }) +
        el('stop', { offset: 0.55, 'stop-color': '#fff', 'stop-opacity': 0 }) +
        el('stop', { offset: 0.84, 'stop-color': '#000', 'stop-opacity': lo * 0.35 }) +
        el('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': lo * 1.1 }),
    ),
  )
  return `url(#${id})`
}

/** A vertical fall-off: transparent at y0, darker toward y1 (the inside of a hem, a fold underneath). */
export function falloff(ctx: Ctx, y0: number, y1: number, opacity = 0.25): string {
  const id = ctx.defs.add(`fall:${n(y0)}:${n(y1)}:${opacity}`, (id) =>
    el(
      'linearGradient',
      { id, gradientUnits: 'userSpaceOnUse', x1: 0, y1: y0, x2: 0, y2: y1 },
      el('stop', { offset: 0, 'stop-color': '#000', 'stop-opacity': 0 }) +
        el('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': opacity }),
    ),
  )
  return `url(#${id})`
}

/** Vertical rib lines (knit trims), turned with the piece. */
export function rib(ctx: Ctx, angle = 0, period = 4): string {
  const id = ctx.defs.add(`rib:${angle}:${period}`, (id) =>
    el(
      'pattern',
      { id, width: period, height: 10, patternUnits: 'userSpaceOnUse', patternTransform: `rotate(${n(angle)})` },
      el('rect', { width: period * 0.38, height: 10, fill: '#000', opacity: 0.16 }) +
        el('rect', { x: period * 0.5, width: period * 0.22, height: 10, fill: '#fff', opacity: 0.12 }),
    ),
  )
  return `url(#${id})`
}

/** Stockinette: small V stitches in columns. */
export function knit(ctx: Ctx, angle = 0): string {
  const line = isDark(ctx.pal.main) ? '#fff' : '#000'
  const id = ctx.defs.add(`knit:${angle}`, (id) =>
    el(
      'pattern',
      { id, width: 7, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: `rotate(${n(angle)})` },
      el('path', {
        d: 'M0.6,0.6 L3.5,5.2 L6.4,0.6',
        fill: 'none',
        stroke: line,
        'stroke-width': 0.9,
        opacity: isDark(ctx.pal.main) ? 0.1 : 0.13,
      }),
    ),
  )
  return `url(#${id})`
}

/** Denim twill: faint diagonal lines. */
export function twill(ctx: Ctx): string {
  const id = ctx.defs.add('twill', (id) =>
    el(
      'pattern',
      { id, width: 5, height: 5, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(-40)' },
      el('rect', { width: 1, height: 5, fill: '#fff', opacity: 0.045 }),
    ),
  )
  return `url(#${id})`
}

/**
 * Puffer baffles: horizontal channels, each lit from above and shadowed at its seams.
 * `y0` aligns the channels to the piece; `angle` turns them with a sleeve.
 */
export function quilt(ctx: Ctx, y0: number, height: number, angle = 0, origin?: Pt): string {
  const grad = ctx.defs.add('baffle-shade', (id) =>
    el(
      'linearGradient',
      { id, x1: 0, y1: 0, x2: 0, y2: 1 },
      el('stop', { offset: 0, 'stop-color': '#000', 'stop-opacity': 0.42 }) +
        el('stop', { offset: 0.14, 'stop-color': '#000', 'stop-opacity': 0.05 }) +
        el('stop', { offset: 0.38, 'stop-color': '#fff', 'stop-opacity': 0.26 }) +
        el('stop', { offset: 0.62, 'stop-color': '#fff', 'stop-opacity': 0.04 }) +
        el('stop', { offset: 0.86, 'stop-color': '#000', 'stop-opacity': 0.16 }) +
        el('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': 0.46 }),
    ),
  )
  const rot = origin ? `rotate(${n(angle)} ${n(origin.x)} ${n(origin.y)}) ` : ''
  const id = ctx.defs.add(`quilt:${n(y0)}:${n(height)}:${angle}:${origin ? p(origin) : ''}`, (id) =>
    el(
      'pattern',
      {
        id,
        width: 400,
        height,
        patternUnits: 'userSpaceOnUse',
        patternTransform: `${rot}translate(0 ${n(y0)})`,
      },
      el('rect', { width: 400, height, fill: `url(#${grad})` }),
    ),
  )
  return `url(#${id})`
}

/** Dark fabric reads better with a slightly lifted seam colour; used by stitch helpers. */
export const stitchColour = (ctx: Ctx) =>
  isDark(ctx.pal.main) ? lighten(ctx.pal.main, 0.3) : darken(ctx.pal.main, 0.3)
