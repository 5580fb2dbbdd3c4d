// The four pictures of a product: the studio backdrop, and how the garment drawing is framed
// for each view: front, back, a close-up detail, and folded (a neat stack or on a hanger).

import type { DemoProduct } from '#demo/catalog-types.ts'
import type { ImageView } from '#server/catalog/images.ts'
import { makeCtx, type Ctx } from './context.ts'
import type { Box, Drawing, FoldSpec } from './drawing.ts'
import { fabric, volume } from './fabric.ts'
import { foldedStyle, garmentDrawers } from './garments.ts'
import { darken, lighten } from './palette.ts'
import { CX, Defs, H, W, el, g, n, path, pt } from './svg.ts'
import * as T from './trims.ts'

// Soft studio backdrops; each product gets one, picked from its id.
const BACKDROPS = ['#f3efe9', '#eef0f2', '#f2eee8', '#eef1ec', '#f4eeeb', '#efeef3']

function backdrop(ctx: Ctx): string {
  const base = BACKDROPS[ctx.seed % BACKDROPS.length]!
  const bg = ctx.defs.add('backdrop', (id) =>
    el(
      'linearGradient',
      { id, x1: 0, y1: 0, x2: 0, y2: 1 },
      el('stop', { offset: 0, 'stop-color': lighten(base, 0.45) }) +
        el('stop', { offset: 0.62, 'stop-color': base }) +
        el('stop', { offset: 1, 'stop-color': darken(base, 0.05) }),
    ),
  )
  const glow = ctx.defs.add('glow', (id) =>
    el(
      'radialGradient',
      { id, cx: 0.5, cy: 0.42, r: 0.6 },
      el('stop', { offset: 0, 'stop-color': '#fff', 'stop-opacity': 0.55 }) +
        el('stop', { offset: 1, 'stop-color': '#fff', 'stop-opacity': 0 }),
    ),
  )
  return (
    el('rect', { width: W, height: H, fill: `url(#${bg})` }) +
    el('rect', { width: W, height: H, fill: `url(#${glow})` })
  )
}

function floorShadow(ctx: Ctx, { cx, y, rx }: Floor): string {
  const id = ctx.defs.add('floor', (id) =>
    el(
      'radialGradient',
      { id },
      el('stop', { offset: 0, 'stop-color': '#1d1a16', 'stop-opacity': 0.2 }) +
        el('stop', { offset: 0.6, 'stop-color': '#1d1a16', 'stop-opacity': 0.07 }) +
        el('stop', { offset: 1, 'stop-color': '#1d1a16', 'stop-opacity': 0 }),
    ),
  )
  return el('ellipse', { cx, cy: y, rx, ry: Math.max(10, rx * 0.1), fill: `url(#${id})` })
}

/** A soft floor shadow under the garment, in canvas units. */
interface Floor {
  cx: number
  y: number
  rx: number
}

/**
 * The garment's own soft drop shadow, in canvas units. The generator blurs the garment's
 * silhouette with sharp (much cheaper than an SVG blur filter at full size).
 */
export interface DropShadow {
  dx: number
  dy: number
  blur: number
  opacity: number
}

interface Scene {
  garment: string
  floor: Floor | null
  shadow: DropShadow
}

const shadow = (blur: number, dy: number): DropShadow => ({ dx: 2, dy, blur, opacity: 0.2 })

/** Scale and offset that fit a box into the frame, centred on (cx, cy). */
function fit(box: Box, maxW: number, maxH: number, maxScale: number, cx = CX, cy = 244) {
  const s = Math.min(maxScale, maxW / (box.x1 - box.x0), maxH / (box.y1 - box.y0))
  const tx = cx - ((box.x0 + box.x1) / 2) * s
  const ty = cy - ((box.y0 + box.y1) / 2) * s
  return {
    s,
    tx,
    ty,
    transform: `translate(${n(tx)} ${n(ty)}) scale(${Math.round(s * 1000) / 1000})`,
    bottom: ty + box.y1 * s,
  }
}

function flatView(d: Drawing): Scene {
  const f = fit(d.box, 320, 400, 1.15)
  const width = (d.box.x1 - d.box.x0) * f.s
  return {
    garment: g({ transform: f.transform }, d.behind + d.body),
    floor: { cx: CX, y: Math.min(f.bottom + 6, 478), rx: width * 0.48 },
    shadow: shadow(5, 7),
  }
}

function detailView(d: Drawing): Scene {
  const s = 2.6
  const transform = `translate(${CX} 250) scale(${s}) translate(${n(-d.focus.x)} ${n(-d.focus.y)})`
  return { garment: g({ transform }, d.behind + d.body), floor: null, shadow: shadow(8, 10) }
}

/** The folded garment: the front, cut to a neat rectangle, with shaded fold edges, on two more. */
function stackView(ctx: Ctx, d: Drawing): Scene {
  const { pal } = ctx
  const fs: FoldSpec = d.fold
  const { top, halfW, drop, neckW, raise, bottom } = fs
  const r = 10
  const L = CX - halfW
  const R = CX + halfW
  // Room above the shoulder line for a collar or a hood.
  const collarW = neckW ? Math.min(halfW, neckW + (raise > 40 ? 50 : 30)) : halfW
  const clipD =
    `M${n(L)},${n(top + drop)}` +
    (neckW
      ? `L${n(CX - collarW)},${n(top + (drop * (collarW - neckW)) / (halfW - neckW) - raise)}L${n(CX + collarW)},${n(top + (drop * (collarW - neckW)) / (halfW - neckW) - raise)}`
      : `L${n(L)},${n(top - raise)}L${n(R)},${n(top - raise)}`) +
    `L${n(R)},${n(top + drop)}L${n(R)},${n(bottom - r)}Q${n(R)},${n(bottom)} ${n(R - r)},${n(bottom)}L${n(L + r)},${n(bottom)}Q${n(L)},${n(bottom)} ${n(L)},${n(bottom - r)}Z`
  const edges = `M${n(L)},${n(top + drop)}L${n(L)},${n(bottom - r)}Q${n(L)},${n(bottom)} ${n(L + r)},${n(bottom)}L${n(R - r)},${n(bottom)}Q${n(R)},${n(bottom)} ${n(R)},${n(bottom - r)}L${n(R)},${n(top + drop)}`
  const clipId = ctx.defs.add('clip-fold', (id) => el('clipPath', { id }, path(clipD)))
  // Underneath the neckline, the folded sides and sleeves fill the rectangle.
  const under = `M${n(L)},${n(top + drop)}L${n(CX)},${n(top + (neckW ? 4 : 0))}L${n(R)},${n(top + drop)}L${n(R)},${n(bottom - r)}Q${n(R)},${n(bottom)} ${n(R - r)},${n(bottom)}L${n(L + r)},${n(bottom)}Q${n(L)},${n(bottom)} ${n(L)},${n(bottom - r)}Z`

  const sideShade = ctx.defs.add('fold-sides', (id) =>
    el(
      'linearGradient',
      { id, x1: 0, y1: 0, x2: 1, y2: 0 },
      el('stop', { offset: 0, 'stop-color': '#000', 'stop-opacity': 0.22 }) +
        el('stop', { offset: 0.1, 'stop-color': '#000', 'stop-opacity': 0 }) +
        el('stop', { offset: 0.16, 'stop-color': '#fff', 'stop-opacity': 0.1 }) +
        el('stop', { offset: 0.3, 'stop-color': '#fff', 'stop-opacity': 0 }) +
        el('stop', { offset: 0.84, 'stop-color': '#000', 'stop-opacity': 0 }) +
        el('stop', { offset: 0.92, 'stop-color': '#000', 'stop-opacity': 0.06 }) +
        el('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': 0.24 }),
    ),
  )
  const bottomShade = ctx.defs.add(`fold-bottom:${n(bottom)}`, (id) =>
    el(
      'linearGradient',
      { id, gradientUnits: 'userSpaceOnUse', x1: 0, y1: bottom - 30, x2: 0, y2: bottom },
      el('stop', { offset: 0, 'stop-color': '#fff', 'stop-opacity': 0 }) +
        el('stop', { offset: 0.55, 'stop-color': '#fff', 'stop-opacity': 0.1 }) +
        el('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': 0.22 }),
    ),
  )

  // Two more folded pieces underneath, their fold edges showing.
  let stack = ''
  for (let i = 2; i >= 1; i--) {
    const y0 = bottom - 24 + i * 11
    const slab = `M${n(L)},${n(y0 - 20)}L${n(R)},${n(y0 - 20)}L${n(R)},${n(y0 + 24 - r)}Q${n(R)},${n(y0 + 24)} ${n(R - r)},${n(y0 + 24)}L${n(L + r)},${n(y0 + 24)}Q${n(L)},${n(y0 + 24)} ${n(L)},${n(y0 + 24 - r)}Z`
    stack +=
      T.piece(slab, fabric(ctx), 'none', 0) +
      T.overlay(slab, '#000', 0.1 + i * 0.05) +
      T.overlay(slab, volume(ctx, pt(L, 0), pt(R, 0), 0.8)) +
      T.piece(slab, 'none', pal.outline, 1.2)
  }

  const creases =
    T.fold(ctx, `M${n(L + 16)},${n(top + drop + 14)}L${n(L + 17)},${n(bottom - 8)}`, 0.9) +
    T.fold(ctx, `M${n(R - 16)},${n(top + drop + 14)}L${n(R - 17)},${n(bottom - 8)}`, 0.9)

  const content =
    stack +
    T.piece(under, fabric(ctx), 'none', 0) +
    T.overlay(under, '#000', 0.08) +
    g(
      { 'clip-path': `url(#${clipId})` },
      d.behind + d.body + T.overlay(under, `url(#${sideShade})`) + T.overlay(under, `url(#${bottomShade})`) + creases,
    ) +
    path(edges, { fill: 'none', stroke: pal.outline, 'stroke-width': 1.3, 'stroke-linejoin': 'round' })

  const box: Box = { x0: L - 4, x1: R + 4, y0: top - raise, y1: bottom + 24 }
  const f = fit(box, 300, 360, 1.6, CX, 250)
  return {
    garment: g({ transform: f.transform }, content),
    floor: { cx: CX, y: f.bottom + 4, rx: (R - L) * f.s * 0.56 },
    shadow: shadow(5, 7),
  }
}

/** The garment on a wooden hanger: hook above, the bar showing inside the neckline. */
function hangerView(ctx: Ctx, d: Drawing): Scene {
  const sh = d.shoulders!
  const top = sh.y
  const end = sh.halfW - 16
  const endY = top + sh.drop * 0.8
  const wood = ctx.defs.add('wood', (id) =>
    el(
      'linearGradient',
      { id, x1: 0, y1: 0, x2: 0, y2: 1 },
      el('stop', { offset: 0, 'stop-color': '#d4a06a' }) +
        el('stop', { offset: 0.45, 'stop-color': '#b57d47' }) +
        el('stop', { offset: 1, 'stop-color': '#7f5129' }),
    ),
  )
  const bar =
    `M${n(CX - end)},${n(endY - 5)}Q${n(CX)},${n(top - 30)} ${n(CX + end)},${n(endY - 5)}` +
    `Q${n(CX + end + 5)},${n(endY)} ${n(CX + end)},${n(endY + 4)}Q${n(CX)},${n(top - 16)} ${n(CX - end)},${n(endY + 4)}Q${n(CX - end - 5)},${n(endY)} ${n(CX - end)},${n(endY - 5)}Z`
  const hook = `M${n(CX)},${n(top - 18)}L${n(CX)},${n(top - 40)}C${n(CX)},${n(top - 56)} ${n(CX + 20)},${n(top - 60)} ${n(CX + 21)},${n(top - 46)}`
  const hanger =
    path(hook, { fill: 'none', stroke: '#6f747b', 'stroke-width': 3.4, 'stroke-linecap': 'round' }) +
    path(hook, {
      fill: 'none',
      stroke: '#c9ced4',
      'stroke-width': 1.2,
      'stroke-linecap': 'round',
      transform: 'translate(-0.6 -0.4)',
    }) +
    el('rect', {
      x: CX - 3,
      y: top - 22,
      width: 6,
      height: 6,
      rx: 1.5,
      fill: '#8d9299',
      stroke: '#5c6168',
      'stroke-width': 0.6,
    }) +
    path(bar, { fill: `url(#${wood})`, stroke: '#6b4220', 'stroke-width': 1 }) +
    path(`M${n(CX - end + 6)},${n(endY - 4)}Q${n(CX)},${n(top - 25)} ${n(CX + end - 6)},${n(endY - 4)}`, {
      fill: 'none',
      stroke: '#f0cfa3',
      'stroke-width': 1,
      opacity: 0.6,
    })
  // The hook sits above everything; the bar sits inside the garment.
  const box: Box = { x0: d.box.x0, x1: d.box.x1, y0: top - 62, y1: d.box.y1 }
  const f = fit(box, 320, 420, 1.1, CX, 250)
  return { garment: g({ transform: f.transform }, d.behind + hanger + d.body), floor: null, shadow: shadow(6, 9) }
}

export interface ProductPicture {
  /** The studio backdrop and floor shadow: an opaque SVG. */
  backdrop: string
  /** The garment on a transparent canvas of the same size. */
  garment: string
  shadow: DropShadow
  width: number
  height: number
}

export function productPicture(product: DemoProduct, view: ImageView, width: number): ProductPicture {
  const ctx = makeCtx(product)
  const draw = garmentDrawers[product.garment]
  let scene: Scene
  if (view === 'front') scene = flatView(draw(ctx, 'front'))
  else if (view === 'back') scene = flatView(draw(ctx, 'back'))
  else if (view === 'detail') scene = detailView(draw(ctx, 'front'))
  else
    scene =
      foldedStyle(product.garment) === 'hanger'
        ? hangerView(ctx, draw(ctx, 'front'))
        : stackView(ctx, draw(ctx, 'front'))

  const back = { ...ctx, defs: new Defs('b') }
  const backdropContent = backdrop(back) + (scene.floor ? floorShadow(back, scene.floor) : '')
  const height = Math.round((width * H) / W)
  const svg = (defs: Defs, content: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}"><defs>${defs.toString()}</defs>${content}</svg>`
  return {
    backdrop: svg(back.defs, backdropContent),
    garment: svg(ctx.defs, scene.garment),
    shadow: scene.shadow,
    width,
    height,
  }
}

/** The whole picture as one SVG (the drop shadow as an SVG filter): for looking at, not for the generator. */
export function productSvg(product: DemoProduct, view: ImageView, width: number): string {
  const pic = productPicture(product, view, width)
  const { dx, dy, blur, opacity } = pic.shadow
  const filter = `<filter id="drop" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/><feOffset dx="${dx}" dy="${dy}"/><feComponentTransfer><feFuncA type="linear" slope="${opacity}"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`
  const inner = (s: string) => s.slice(s.indexOf('>') + 1, s.lastIndexOf('</svg>'))
  return pic.backdrop.replace(
    /<\/svg>$/,
    `<defs>${filter}</defs><g filter="url(#drop)">${inner(pic.garment)}</g></svg>`,
  )
}
