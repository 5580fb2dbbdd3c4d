// Upper-body garments. One builder draws the shared body (sleeves, torso, shading, trims);
// each kind is a set of measurements plus the details that make it that garment.

import type { Ctx } from './context.ts'
import type { Drawing } from './drawing.ts'
import { fabric, falloff, knit, quilt, rib, twill, volume } from './fabric.ts'
import { darken, isDark, lighten, mix } from './palette.ts'
import { CX, add, along, el, g, jitter, lerp, mirror, mul, n, p, path, pt, sub as sub2, type Pt } from './svg.ts'
import { topShape, type SleeveGeom, type TopShape, type TopSpec } from './top-shape.ts'
import * as T from './trims.ts'

export type View = 'front' | 'back'
type Neck = 'crew' | 'v' | 'scoop' | 'shirt' | 'polo' | 'band' | 'hood' | 'rib-stand' | 'stand' | 'lapel' | 'denim'
type Cuff = 'none' | 'hem' | 'rib' | 'band' | 'plain-band' | 'elastic'
type HemBand = 'none' | 'stitch' | 'rib' | 'band'

interface TopStyle {
  spec: TopSpec
  neck: Neck
  cuff: Cuff
  hemBand: HemBand
  hemBandH?: number
  /** Colour of rib trims and cuffs. */
  trim?: string
  texture?: 'knit' | 'twill' | 'quilt'
  /** Puffer channel height. */
  baffle?: number
  focus: Pt
  front?: (t: Top) => string
  back?: (t: Top) => string
  /** How the folded garment is cut (defaults suit most tops). */
  foldHalfW?: number
}

interface Top {
  ctx: Ctx
  g: TopShape
  s: TopStyle
  view: View
  /** clip-path value that keeps a drawing inside the torso. */
  clip: string
}

const clipped = (t: Top, content: string) => (content ? g({ 'clip-path': t.clip }, content) : '')

// ---------------------------------------------------------------------------------------------
// The shared builder

function drawTop(ctx: Ctx, view: View, s: TopStyle): Drawing {
  const { defs } = ctx
  const gm = topShape(s.spec)
  const torsoD = gm.torso(view)
  const clipId = defs.add(`clip-torso-${view}`, (id) => el('clipPath', { id }, path(torsoD)))
  const t: Top = { ctx, g: gm, s, view, clip: `url(#${clipId})` }

  let behind = neckBehind(t)
  if (s.spec.slit) behind += slitPanels(t)

  let body = ''
  for (const sl of gm.sleeves) body += drawSleeve(t, sl)
  body += drawTorso(t, torsoD)
  body += hemBand(t)
  const neck = neckTrim(t)
  body += neck.under
  body += (view === 'front' ? s.front?.(t) : s.back?.(t)) ?? ''
  body += neck.over

  const sp = s.spec
  const xs = gm.sleeves.flatMap((sl) => [sl.A.x, sl.B.x])
  const ys = gm.sleeves.flatMap((sl) => [sl.A.y, sl.B.y])
  const raise =
    s.neck === 'hood' ? 74 : ['shirt', 'polo', 'denim', 'rib-stand', 'stand', 'lapel', 'band'].includes(s.neck) ? 16 : 2
  const halfW = s.foldHalfW ?? Math.min(sp.chestW, sp.shoulderW) * 0.8
  const drop = (sp.shoulderDrop * (halfW - sp.neckW)) / (sp.shoulderW - sp.neckW)
  return {
    behind,
    body,
    box: {
      x0: Math.min(CX - sp.shoulderW, CX - sp.hemW, ...xs) - 2,
      x1: Math.max(CX + sp.shoulderW, CX + sp.hemW, ...xs) + 2,
      y0: sp.top - (view === 'front' ? raise : s.neck === 'hood' ? 8 : Math.min(raise, 12)),
      y1: Math.max(gm.hemCentreY + (sp.hemWaves ? 9 : 0), ...ys) + 2,
    },
    focus: s.focus,
    fold: { top: sp.top, halfW, drop, neckW: sp.neckW, raise, bottom: sp.top + halfW * 2.45 },
    shoulders: { y: sp.top, halfW: sp.shoulderW, drop: sp.shoulderDrop, neckW: sp.neckW },
  }
}

function textureFill(t: Top, d: string, turn: number, origin?: Pt, quiltY?: number, quiltH?: number): string {
  const { ctx, s } = t
  if (s.texture === 'knit') return T.overlay(d, knit(ctx, turn))
  if (s.texture === 'twill') return T.overlay(d, twill(ctx))
  if (s.texture === 'quilt')
    return T.overlay(d, quilt(ctx, quiltY ?? s.spec.top, quiltH ?? s.baffle ?? 36, turn, origin))
  return ''
}

function drawTorso(t: Top, d: string): string {
  const { ctx, g: gm, s } = t
  const { pal } = ctx
  const sp = s.spec
  const w = Math.max(sp.chestW, sp.hemW * 0.9)
  let out = T.piece(d, fabric(ctx), 'none', 0)
  out += textureFill(t, d, 0, undefined, sp.top + 6)
  out += T.overlay(d, volume(ctx, pt(CX - w - 4, 0), pt(CX + w + 4, 0)))
  out += T.overlay(d, falloff(ctx, gm.hemY - 60, gm.hemCentreY + 4, 0.12))

  let lines = ''
  if (s.texture === 'quilt') {
    const h = s.baffle ?? 36
    for (let y = sp.top + 6 + h; y < gm.hemCentreY - 6; y += h) {
      lines += T.seam(`M${n(CX - 160)},${n(y)}Q${n(CX)},${n(y + 5)} ${n(CX + 160)},${n(y)}`, pal.outline, 1.1, 0.75)
    }
  } else {
    // Drape from the underarms and soft folds rising from the hem.
    const seed = ctx.seed
    if (sp.sleeve) {
      for (const side of [-1, 1] as const) {
        const u = side < 0 ? gm.U : mirror(gm.U)
        lines += T.wrinkle(ctx, pt(u.x - side * 3, u.y + 10), pt(-side * 0.8, 0.6), 34, side * 4)
        lines += T.wrinkle(ctx, pt(u.x - side * 2, u.y + 30), pt(-side * 0.85, 0.5), 22, side * 3)
      }
    }
    const hemFolds = sp.length > 330 ? 4 : 3
    for (let i = 0; i < hemFolds; i++) {
      const x = CX - sp.hemW * 0.6 + ((i + 0.3 + jitter(seed, i) * 0.4) * sp.hemW * 1.2) / hemFolds
      const len = 30 + jitter(seed, i + 10) * (sp.length > 330 ? 90 : 40)
      const y = gm.hemAt(x) - 2
      lines += T.fold(
        ctx,
        `M${n(x)},${n(y)}Q${n(x + (jitter(seed, i + 20) - 0.5) * 10)},${n(y - len * 0.5)} ${n(x + (jitter(seed, i + 30) - 0.5) * 16)},${n(y - len)}`,
        0.8,
      )
    }
  }
  out += clipped(t, lines)
  out += T.piece(d, 'none', pal.outline, 1.3)
  return out
}

function drawSleeve(t: Top, sl: SleeveGeom): string {
  const { ctx, s } = t
  const { pal, defs } = ctx
  const sp = s.spec.sleeve!
  const clipId = defs.add(`clip-sleeve-${sl.side}`, (id) => el('clipPath', { id }, path(sl.outline)))
  let out = T.piece(sl.outline, fabric(ctx, sl.turn), 'none', 0)
  out += textureFill(t, sl.outline, sl.turn, sl.S, sl.S.y, (s.baffle ?? 36) * 0.9)
  // Across the sleeve (outer edge to inner edge) the fabric turns away from the light.
  const width = (k: number) => {
    const v = sub2(lerp(sl.U, sl.B, k), lerp(sl.S, sl.A, k))
    return Math.abs(v.x * sl.across.x + v.y * sl.across.y)
  }
  const mid = lerp(sl.S, sl.A, 0.55)
  out += T.overlay(
    sl.outline,
    volume(ctx, add(mid, mul(sl.across, -3)), add(mid, mul(sl.across, width(0.55) + 3)), 0.8),
  )

  let lines = ''
  if (s.texture === 'quilt') {
    const h = (s.baffle ?? 36) * 0.9
    for (let k = h; k < sp.len - sp.cuff - 4; k += h) {
      const a = add(sl.S, mul(sl.d, k))
      const b = add(a, mul(sl.across, 80))
      lines += T.seam(`M${p(a)}Q${p(along(a, b, 0.5, -sl.side * 4))} ${p(b)}`, pal.outline, 1, 0.7)
    }
  } else if (sp.len > 120) {
    // Creases at the elbow and where the sleeve bunches above the cuff.
    for (const [k, len, curl] of [
      [0.46, 0.5, 3],
      [0.56, 0.38, 2],
      [0.8, 0.3, 2],
    ] as const) {
      const e = lerp(sl.U, sl.B, k)
      const dir = add(mul(sl.across, -1), mul(sl.d, -0.35))
      lines += T.wrinkle(ctx, e, dir, width(k) * len, curl * sl.side)
    }
    const e = lerp(sl.S, sl.A, 0.62)
    lines += T.wrinkle(ctx, e, add(sl.across, mul(sl.d, 0.3)), width(0.62) * 0.3, -2 * sl.side)
  } else {
    const e = lerp(sl.S, sl.A, 0.55)
    lines += T.wrinkle(ctx, e, add(sl.across, mul(sl.d, 0.45)), width(0.5) * 0.35, -2 * sl.side)
  }
  out += lines ? g({ 'clip-path': `url(#${clipId})` }, lines) : ''
  out += T.piece(sl.outline, 'none', pal.outline, 1.3)

  // Cuffs
  const trim = s.trim ?? pal.shade
  if (sl.cuff) {
    if (s.cuff === 'rib') out += T.ribBand(ctx, sl.cuff, trim, darken(trim, 0.4), sl.turn)
    else if (s.cuff === 'elastic') {
      out += T.piece(sl.cuff, trim, darken(trim, 0.4), 1.1)
      for (const k of [0.2, 0.4, 0.6, 0.8]) {
        const a = lerp(sl.A2, sl.B2, k)
        const b = lerp(sl.A, sl.B, k)
        out += T.seam(`M${p(a)}L${p(b)}`, darken(trim, 0.3), 0.7, 0.6)
      }
    } else {
      out += T.piece(sl.cuff, fabric(ctx, sl.turn), pal.outline, 1.1)
      out += T.overlay(sl.cuff, volume(ctx, sl.A, sl.B, 0.8))
      out += T.stitch(`M${p(along(sl.A2, sl.B2, 0.04, 0))}L${p(lerp(sl.A2, sl.B2, 0.96))}`, pal.seam, 0.6)
      out += T.piece(sl.cuff, 'none', pal.outline, 1.1)
      if (s.cuff === 'band') {
        const c = lerp(lerp(sl.A2, sl.A, 0.5), lerp(sl.B2, sl.B, 0.5), 0.3)
        out += T.button(ctx, c, 2.6)
        // The cuff placket: a short slit above the cuff.
        const a = lerp(sl.A2, sl.B2, 0.3)
        out += T.seam(`M${p(a)}L${p(add(a, mul(sl.d, -24)))}`, pal.seam, 0.9, 0.8)
      }
    }
  } else if (s.cuff === 'hem') {
    const a = add(sl.A, mul(sl.d, -7))
    const b = add(sl.B, mul(sl.d, -7))
    out += g(
      { 'clip-path': `url(#${clipId})` },
      T.stitch(`M${p(a)}L${p(b)}`, pal.seam, 0.7) +
        T.stitch(`M${p(add(a, mul(sl.d, 2.4)))}L${p(add(b, mul(sl.d, 2.4)))}`, pal.seam, 0.7),
    )
  } else if (s.cuff === 'none' && s.neck === 'lapel') {
    // Tailored sleeve: a vent with three small buttons near the cuff.
    for (let i = 0; i < 3; i++) {
      const c = add(lerp(sl.A, sl.B, 0.22), mul(sl.d, -10 - i * 7))
      out += T.button(ctx, c, 2.2)
    }
    out += T.seam(`M${p(add(sl.A, mul(sl.d, -5)))}L${p(add(sl.B, mul(sl.d, -5)))}`, pal.seam, 0.8, 0.6)
  }
  return out
}

function hemBand(t: Top): string {
  const { ctx, g: gm, s } = t
  const { pal } = ctx
  if (s.hemBand === 'none') return ''
  if (s.hemBand === 'stitch') {
    return clipped(t, T.stitch(gm.hemLine(6), pal.seam, 0.7) + T.stitch(gm.hemLine(8.5), pal.seam, 0.7))
  }
  const h = s.hemBandH ?? 20
  const y = gm.hemCentreY - h
  const band = `M${n(CX - 200)},${n(y)}L${n(CX + 200)},${n(y)}L${n(CX + 200)},${n(gm.hemCentreY + 20)}L${n(CX - 200)},${n(gm.hemCentreY + 20)}Z`
  const trim = s.trim ?? pal.shade
  if (s.hemBand === 'rib') {
    return (
      clipped(
        t,
        T.piece(band, trim, 'none', 0) +
          T.overlay(band, rib(ctx)) +
          T.overlay(band, volume(ctx, pt(CX - s.spec.hemW, 0), pt(CX + s.spec.hemW, 0), 0.8)),
      ) +
      clipped(t, T.seam(`M${n(CX - 200)},${n(y)}L${n(CX + 200)},${n(y)}`, darken(trim, 0.45), 1.1, 0.9)) +
      T.piece(gm.torso(t.view), 'none', pal.outline, 1.3)
    )
  }
  // A self-fabric waistband (denim jacket).
  return (
    clipped(
      t,
      T.piece(band, fabric(ctx), 'none', 0) +
        textureFill(t, band, 0) +
        T.overlay(band, volume(ctx, pt(CX - s.spec.hemW, 0), pt(CX + s.spec.hemW, 0), 0.8)) +
        T.seam(`M${n(CX - 200)},${n(y)}L${n(CX + 200)},${n(y)}`, pal.outline, 1.1, 0.9) +
        T.stitch(`M${n(CX - 200)},${n(y + 3)}L${n(CX + 200)},${n(y + 3)}`, pal.accent, 0.7) +
        T.stitch(`M${n(CX - 200)},${n(y + h - 4)}L${n(CX + 200)},${n(y + h - 4)}`, pal.accent, 0.7),
    ) + T.piece(gm.torso(t.view), 'none', pal.outline, 1.3)
  )
}

function slitPanels(t: Top): string {
  const { ctx, g: gm, s } = t
  const slit = s.spec.slit!
  let out = ''
  for (const side of [-1, 1] as const) {
    const m = (q: Pt) => (side < 0 ? q : mirror(q))
    const top = pt(gm.Hm.x + 1, gm.Hm.y - slit)
    const d = `M${p(m(top))}L${p(m(pt(gm.Hm.x - 4, gm.Hm.y + 1)))}L${p(m(pt(gm.Hm.x + 8, gm.Hm.y + 1)))}Z`
    out += T.piece(d, fabric(ctx), 'none', 0) + T.overlay(d, '#000', 0.22) + T.piece(d, 'none', ctx.pal.outline, 1.1)
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Necklines and collars

function ribStroke(d: string, width: number, colour: string, outline: string): string {
  return (
    path(d, { fill: 'none', stroke: outline, 'stroke-width': width + 2.2 }) +
    path(d, { fill: 'none', stroke: colour, 'stroke-width': width }) +
    path(d, {
      fill: 'none',
      stroke: darken(colour, 0.35),
      'stroke-width': width * 0.8,
      'stroke-dasharray': '0.9 2.1',
      opacity: 0.45,
    })
  )
}

function neckBehind(t: Top): string {
  const { ctx, g: gm, s, view } = t
  const { pal } = ctx
  if (view === 'back') return ''
  const inside = (d: string) =>
    T.piece(d, pal.inside, pal.outline, 1) + T.overlay(d, falloff(ctx, gm.top - 4, gm.top + 30, 0.25))
  switch (s.neck) {
    case 'hood':
      return hoodFront(t, inside(gm.insideNeck()))
    case 'shirt':
    case 'denim':
    case 'polo':
      return collarStand(t) + inside(gm.insideNeck())
    case 'rib-stand':
    case 'stand':
      return inside(gm.insideNeck()) + standBack(t)
    case 'lapel': {
      const N = gm.N
      const d = `M${p(pt(N.x + 1, gm.top - 3))}Q${n(CX)},${n(gm.top + 2)} ${p(pt(2 * CX - N.x - 1, gm.top - 3))}L${n(CX)},${n(gm.top + s.spec.neckDepth)}Z`
      return (
        T.piece(d, darken(pal.secondary, 0.15), pal.outline, 1) +
        T.overlay(d, volume(ctx, pt(N.x, 0), pt(2 * CX - N.x, 0), 1.2))
      )
    }
    default:
      return inside(gm.insideNeck())
  }
}

function neckTrim(t: Top): { under: string; over: string } {
  const { ctx, g: gm, s, view } = t
  const { pal } = ctx
  const trim = s.trim ?? pal.shade
  const none = { under: '', over: '' }
  if (view === 'back') {
    switch (s.neck) {
      case 'crew':
        return { under: ribStroke(gm.neckLine('back'), 7, trim, darken(trim, 0.4)), over: '' }
      case 'band':
        return { under: bandCollar(t, 'back'), over: '' }
      case 'shirt':
      case 'polo':
      case 'denim':
        return { under: '', over: collarBack(t) }
      case 'hood':
        return { under: '', over: hoodBack(t) }
      case 'rib-stand':
      case 'stand':
        return { under: '', over: standCollar(t) }
      case 'lapel':
        return { under: '', over: collarBack(t, 24) }
      default:
        return { under: T.stitch(gm.neckLine('back'), pal.seam, 0.7), over: '' }
    }
  }
  switch (s.neck) {
    case 'crew':
      return {
        under: ribStroke(gm.neckLine('front'), s.texture === 'knit' ? 9 : 6.5, trim, darken(trim, 0.4)),
        over: '',
      }
    case 'v':
    case 'scoop':
      return {
        under:
          path(gm.neckLine('front'), { fill: 'none', stroke: pal.outline, 'stroke-width': 1.2 }) +
          clipped(t, T.stitch(gm.neckLine('front', s.spec.neckDepth + 5), pal.seam, 0.7)),
        over: '',
      }
    case 'band':
      return { under: bandCollar(t, 'front'), over: '' }
    case 'shirt':
      return { under: '', over: collarWings(t, { spread: 13, len: 44, tipIn: 14, join: s.spec.neckDepth }) }
    case 'denim':
      return { under: '', over: collarWings(t, { spread: 22, len: 50, tipIn: 22, join: s.spec.neckDepth }) }
    case 'polo':
      return {
        under: '',
        over: collarWings(t, { spread: 9, len: 36, tipIn: 10, join: 16, colour: ctx.pal.secondary, ribbed: true }),
      }
    case 'hood':
      return { under: '', over: hoodEdges(t) }
    case 'rib-stand':
    case 'stand':
      return { under: '', over: standCollar(t) }
    case 'lapel':
      return { under: '', over: lapels(t) }
  }
  return none
}

function collarStand(t: Top): string {
  const { ctx, g: gm } = t
  const { pal } = ctx
  const N = gm.N
  const NR = mirror(N)
  const top = gm.top
  const d = `M${p(pt(N.x - 1, top + 4))}L${p(pt(N.x + 1, top - 9))}Q${n(CX)},${n(top - 14)} ${p(pt(NR.x - 1, top - 9))}L${p(pt(NR.x + 1, top + 4))}Q${n(CX)},${n(top - 1)} ${p(pt(N.x - 1, top + 4))}Z`
  return T.piece(d, fabric(ctx), pal.outline, 1.1) + T.overlay(d, '#000', 0.2)
}

function collarWings(
  t: Top,
  o: { spread: number; len: number; tipIn: number; join: number; colour?: string; ribbed?: boolean },
): string {
  const { ctx, g: gm } = t
  const { pal } = ctx
  const top = gm.top
  const fill = o.colour ?? fabric(ctx)
  const outline = o.colour ? darken(o.colour, 0.42) : pal.outline
  let out = ''
  for (const side of [-1, 1] as const) {
    const m = (q: Pt) => (side < 0 ? q : mirror(q))
    const N = gm.N
    const nk = pt(N.x - 1, top - 7)
    const outer = pt(N.x - o.spread, top + 10)
    const tip = pt(CX - 3 - o.tipIn, top + o.len)
    const inner = pt(CX - 1.5, top + o.join + 2)
    const d =
      `M${p(m(nk))}Q${p(m(pt(N.x + 6, top + o.join * 0.7)))} ${p(m(inner))}` +
      `L${p(m(tip))}Q${p(m(pt(outer.x + 6, tip.y - 10)))} ${p(m(outer))}Q${p(m(pt(N.x - o.spread * 0.6, top - 4)))} ${p(m(nk))}Z`
    out += path(d, { fill: '#000', opacity: 0.16, transform: 'translate(1.2 2)' })
    out += T.piece(d, fill, outline, 1.1)
    if (o.ribbed) out += T.overlay(d, rib(ctx, side * 18, 3))
    out += T.overlay(d, volume(ctx, m(outer), m(inner), 0.7))
    out += T.stitch(
      `M${p(m(pt(outer.x + 3, outer.y + 1)))}Q${p(m(pt(outer.x + 8, tip.y - 10)))} ${p(m(pt(tip.x - 1, tip.y - 3)))}`,
      o.colour ? darken(o.colour, 0.3) : pal.seam,
      0.6,
    )
    out += T.piece(d, 'none', outline, 1.1)
    if (ctx.traits.buttonDown && !o.ribbed) out += T.button(ctx, m(pt(tip.x + 3, tip.y - 6)), 1.9)
  }
  return out
}

function collarBack(t: Top, depth = 14): string {
  const { ctx, g: gm } = t
  const { pal } = ctx
  const top = gm.top
  const N = gm.N
  const NR = mirror(N)
  const spread = depth > 16 ? 22 : 12
  const colour = t.s.neck === 'polo' ? pal.secondary : null
  const d = `M${p(pt(N.x - spread, top + depth - 4))}Q${n(CX)},${n(top + depth + 6)} ${p(pt(NR.x + spread, top + depth - 4))}L${p(pt(NR.x + 1, top - 9))}Q${n(CX)},${n(top - 14)} ${p(pt(N.x - 1, top - 9))}Z`
  const outline = colour ? darken(colour, 0.42) : pal.outline
  return (
    path(d, { fill: '#000', opacity: 0.15, transform: 'translate(0 2.5)' }) +
    T.piece(d, colour ?? fabric(ctx), outline, 1.1) +
    (colour ? T.overlay(d, rib(ctx, 0, 3)) : '') +
    T.overlay(d, volume(ctx, pt(N.x - spread, 0), pt(NR.x + spread, 0), 0.8)) +
    T.stitch(
      `M${p(pt(N.x - spread + 4, top + depth - 7))}Q${n(CX)},${n(top + depth + 2)} ${p(pt(NR.x + spread - 4, top + depth - 7))}`,
      colour ? darken(colour, 0.3) : pal.seam,
      0.6,
    ) +
    T.piece(d, 'none', outline, 1.1)
  )
}

function bandCollar(t: Top, view: View): string {
  const { ctx, g: gm } = t
  const { pal } = ctx
  const d = gm.neckLine(view)
  const fillStroke = fabric(ctx)
  return (
    path(d, { fill: 'none', stroke: pal.outline, 'stroke-width': 11.5 }) +
    path(d, { fill: 'none', stroke: fillStroke, 'stroke-width': 9.5 }) +
    path(d, { fill: 'none', stroke: '#000', 'stroke-width': 9.5, opacity: 0.08 }) +
    T.stitch(d, pal.seam, 0.6, '2.2 1.6') +
    (ctx.traits.embroidered
      ? path(d, {
          fill: 'none',
          stroke: pal.accent,
          'stroke-width': 2.2,
          'stroke-dasharray': '0.1 3.2',
          'stroke-linecap': 'round',
        })
      : '')
  )
}

/** The inside of a stand collar's back, seen above the front of the collar. */
function standBack(t: Top): string {
  const { ctx, g: gm, s } = t
  const ribbed = s.neck === 'rib-stand'
  const colour = darken(ribbed ? (s.trim ?? ctx.pal.shade) : ctx.pal.main, 0.22)
  const h = ribbed ? 13 : 20
  const top = gm.top
  const N = gm.N
  const NR = mirror(N)
  const d = `M${p(pt(N.x - 3, top + 2))}L${p(pt(N.x - 1, top - h + 1))}Q${n(CX)},${n(top - h - 5)} ${p(pt(NR.x + 1, top - h + 1))}L${p(pt(NR.x + 3, top + 2))}Q${n(CX)},${n(top + 8)} ${p(pt(N.x - 3, top + 2))}Z`
  return (
    T.piece(d, colour, darken(colour, 0.4), 1) +
    (ribbed ? T.overlay(d, rib(ctx)) : '') +
    T.overlay(d, falloff(ctx, top - h, top + 6, 0.3))
  )
}

function standCollar(t: Top): string {
  const { ctx, g: gm, s, view } = t
  const { pal } = ctx
  const ribbed = s.neck === 'rib-stand'
  const colour = ribbed ? (s.trim ?? pal.shade) : pal.main
  const outline = ribbed ? darken(colour, 0.42) : pal.outline
  const top = gm.top
  const N = gm.N
  const h = ribbed ? 13 : 20
  if (view === 'back') {
    const d = `M${p(pt(N.x - 5, top + 3))}L${p(pt(N.x - 2, top - h))}Q${n(CX)},${n(top - h - 4)} ${p(pt(2 * CX - N.x + 2, top - h))}L${p(pt(2 * CX - N.x + 5, top + 3))}Q${n(CX)},${n(top + s.spec.backNeckDepth + 3)} ${p(pt(N.x - 5, top + 3))}Z`
    return (
      T.piece(d, ribbed ? colour : fabric(ctx), outline, 1.1) +
      (ribbed ? T.overlay(d, rib(ctx)) : T.overlay(d, quilt(ctx, top - h, h * 0.55))) +
      T.overlay(d, volume(ctx, pt(N.x - 5, 0), pt(2 * CX - N.x + 5, 0))) +
      T.piece(d, 'none', outline, 1.1)
    )
  }
  let out = ''
  const depth = s.spec.neckDepth
  for (const side of [-1, 1] as const) {
    const m = (q: Pt) => (side < 0 ? q : mirror(q))
    const d = `M${p(m(pt(N.x - 5, top + 3)))}L${p(m(pt(N.x - 2, top - h)))}Q${p(m(pt(CX - 24, top - h + 2)))} ${p(m(pt(CX - 2.5, top + depth - h + 4)))}L${p(m(pt(CX - 2.5, top + depth + 3)))}Q${p(m(pt(N.x + 8, top + depth)))} ${p(m(pt(N.x - 5, top + 3)))}Z`
    out += T.piece(d, ribbed ? colour : fabric(ctx), outline, 1.1)
    out += ribbed
      ? T.overlay(d, rib(ctx, side * 12))
      : T.overlay(d, volume(ctx, m(pt(N.x - 5, top)), m(pt(CX, top)), 1))
    if (!ribbed)
      out += T.stitch(
        `M${p(m(pt(N.x - 3, top - h * 0.45)))}Q${p(m(pt(CX - 24, top - h * 0.4 + 4)))} ${p(m(pt(CX - 3, top + depth - h * 0.4 + 3)))}`,
        pal.seam,
        0.6,
      )
    out += T.piece(d, 'none', outline, 1.1)
  }
  return out
}

/** The hood standing behind the neck: its outside, then the inside of the neck, then its lining. */
function hoodFront(t: Top, insideNeck: string): string {
  const { ctx, g: gm } = t
  const { pal } = ctx
  const puffy = ctx.product.garment === 'puffer'
  const top = gm.top
  const N = gm.N
  const NR = mirror(N)
  const w = puffy ? 18 : 14
  const outer = `M${p(pt(N.x - w, top + 14))}C${p(pt(N.x - w - 22, top - 44))} ${p(pt(CX - 44, top - 74))} ${n(CX)},${n(top - 74)}C${p(pt(CX + 44, top - 74))} ${p(pt(NR.x + w + 22, top - 44))} ${p(pt(NR.x + w, top + 14))}Z`
  const lining = `M${p(pt(N.x - 1, top + 12))}C${p(pt(N.x - 10, top - 30))} ${p(pt(CX - 30, top - 58))} ${n(CX)},${n(top - 58)}C${p(pt(CX + 30, top - 58))} ${p(pt(NR.x + 10, top - 30))} ${p(pt(NR.x + 1, top + 12))}Z`
  const liningColour = puffy ? darken(pal.main, 0.32) : pal.secondary
  return (
    T.piece(outer, fabric(ctx), 'none', 0) +
    (puffy ? T.overlay(outer, quilt(ctx, top - 74, 22)) : '') +
    T.overlay(outer, volume(ctx, pt(N.x - w - 22, 0), pt(NR.x + w + 22, 0), 1.1)) +
    T.piece(outer, 'none', pal.outline, 1.3) +
    insideNeck +
    T.piece(lining, liningColour, darken(liningColour, 0.4), 1.1) +
    T.overlay(lining, falloff(ctx, top - 40, top + 12, 0.3)) +
    T.seam(`M${n(CX)},${n(top - 57)}L${n(CX)},${n(top - 10)}`, darken(liningColour, 0.3), 0.9, 0.6)
  )
}

function hoodEdges(t: Top): string {
  const { ctx, g: gm, s } = t
  const { pal } = ctx
  const top = gm.top
  const N = gm.N
  const depth = s.spec.neckDepth
  const zipped = ctx.traits.zip || ctx.product.garment === 'puffer'
  let out = ''
  for (const side of zipped ? ([-1, 1] as const) : ([1, -1] as const)) {
    const m = (q: Pt) => (side < 0 ? q : mirror(q))
    const end = zipped ? pt(CX - 3, top + depth + 2) : pt(CX + 9, top + depth + 4)
    const d = `M${p(m(pt(N.x - 1, top + 8)))}Q${p(m(pt(N.x + 2, top + depth)))} ${p(m(end))}`
    out += path(d, { fill: 'none', stroke: pal.outline, 'stroke-width': 10, 'stroke-linecap': 'round' })
    out += path(d, { fill: 'none', stroke: fabric(ctx), 'stroke-width': 7.8, 'stroke-linecap': 'round' })
    out += path(d, { fill: 'none', stroke: '#fff', 'stroke-width': 2, opacity: 0.15, transform: 'translate(-1 -1.5)' })
    out += T.stitch(d, pal.seam, 0.6)
  }
  const eyelets = [pt(CX - 13, top + depth - 1), pt(CX + 13, top + depth - 1)]
  if (ctx.product.garment !== 'puffer') {
    out += T.drawstring(ctx, eyelets[0]!, 64, -3)
    out += T.drawstring(ctx, eyelets[1]!, 58, 4)
  }
  return out
}

function hoodBack(t: Top): string {
  const { ctx, g: gm } = t
  const { pal } = ctx
  const puffy = ctx.product.garment === 'puffer'
  const top = gm.top
  const N = gm.N
  const NR = mirror(N)
  const d = `M${p(pt(N.x - 10, top + 2))}C${p(pt(N.x - 34, top + 40))} ${p(pt(CX - 56, top + 118))} ${n(CX)},${n(top + 124)}C${p(pt(CX + 56, top + 118))} ${p(pt(NR.x + 34, top + 40))} ${p(pt(NR.x + 10, top + 2))}Q${n(CX)},${n(top - 10)} ${p(pt(N.x - 10, top + 2))}Z`
  return (
    path(d, { fill: '#000', opacity: 0.18, transform: 'translate(0 4)' }) +
    T.piece(d, fabric(ctx), 'none', 0) +
    (puffy ? T.overlay(d, quilt(ctx, top, 24)) : '') +
    T.overlay(d, volume(ctx, pt(N.x - 40, 0), pt(NR.x + 40, 0), 1.1)) +
    T.overlay(d, falloff(ctx, top + 20, top + 124, 0.12)) +
    T.seam(`M${n(CX)},${n(top - 4)}Q${n(CX + 1)},${n(top + 70)} ${n(CX)},${n(top + 123)}`, pal.seam, 1, 0.8) +
    T.stitch(`M${n(CX - 3)},${n(top)}Q${n(CX - 2)},${n(top + 70)} ${n(CX - 3)},${n(top + 120)}`, pal.seam, 0.6) +
    T.piece(d, 'none', pal.outline, 1.3)
  )
}

function lapels(t: Top): string {
  const { ctx, g: gm, s } = t
  const { pal } = ctx
  const top = gm.top
  const N = gm.N
  const brk = pt(CX, top + s.spec.neckDepth)
  let out = ''
  for (const side of [-1, 1] as const) {
    const m = (q: Pt) => (side < 0 ? q : mirror(q))
    // The upper collar lying on the shoulder, then the lapel folded back below the notch.
    const collar = `M${p(m(pt(N.x + 2, top - 6)))}Q${p(m(pt(N.x - 14, top - 2)))} ${p(m(pt(N.x - 18, top + 36)))}L${p(m(pt(N.x - 9, top + 44)))}L${p(m(pt(N.x + 7, top + 18)))}Q${p(m(pt(N.x + 6, top + 4)))} ${p(m(pt(N.x + 2, top - 6)))}Z`
    const lapel = `M${p(m(pt(N.x - 9, top + 44)))}L${p(m(pt(N.x - 27, top + 50)))}Q${p(m(pt(N.x - 20, top + 110)))} ${p(brk)}L${p(m(pt(N.x + 7, top + 18)))}Z`
    for (const d of [lapel, collar]) {
      out += path(d, { fill: '#000', opacity: 0.16, transform: `translate(${side * -1.5} 2)` })
      out += T.piece(d, fabric(ctx), 'none', 0)
      out += T.overlay(d, '#fff', isDark(pal.main) ? 0.06 : 0.08)
      out += T.overlay(d, volume(ctx, m(pt(N.x - 27, 0)), m(pt(CX, 0)), 0.7))
      out += T.piece(d, 'none', pal.outline, 1.1)
    }
    out += T.stitch(
      `M${p(m(pt(N.x - 24, top + 54)))}Q${p(m(pt(N.x - 17, top + 110)))} ${p(m(pt(CX - 4, brk.y - 6)))}`,
      pal.seam,
      0.6,
    )
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Front details shared by several kinds

function buttonPlacket(
  t: Top,
  from: number,
  to: number,
  count: number,
  opts: { width?: number; r?: number; shank?: boolean } = {},
): string {
  const { ctx } = t
  const { pal } = ctx
  const w = opts.width ?? 7
  let out = clipped(
    t,
    T.seam(`M${n(CX + w)},${n(from)}L${n(CX + w)},${n(to)}`, pal.outline, 1, 0.75) +
      path(`M${n(CX + w + 1)},${n(from)}L${n(CX + w + 1)},${n(to)}`, {
        stroke: '#000',
        'stroke-width': 1.6,
        opacity: 0.08,
      }) +
      T.stitch(`M${n(CX - w + 1.5)},${n(from)}L${n(CX - w + 1.5)},${n(to)}`, opts.shank ? pal.accent : pal.seam, 0.6) +
      T.stitch(`M${n(CX + w - 1.5)},${n(from)}L${n(CX + w - 1.5)},${n(to)}`, opts.shank ? pal.accent : pal.seam, 0.6),
  )
  for (const c of T.spaced(pt(CX, from + 10), pt(CX, to - 14), count)) {
    out += opts.shank ? T.shank(ctx, c, opts.r ?? 3.4) : T.button(ctx, c, opts.r ?? 3.1)
  }
  return out
}

function kangarooPocket(t: Top): string {
  const { ctx, g: gm, s } = t
  const { pal } = ctx
  const yB = gm.hemCentreY - (s.hemBandH ?? 20) - 3
  const yT = yB - 76
  const half = 74
  const d = `M${n(CX - 50)},${n(yT)}L${n(CX + 50)},${n(yT)}Q${n(CX + 56)},${n(yT + 40)} ${n(CX + half)},${n(yT + 52)}L${n(CX + half)},${n(yB)}L${n(CX - half)},${n(yB)}L${n(CX - half)},${n(yT + 52)}Q${n(CX - 56)},${n(yT + 40)} ${n(CX - 50)},${n(yT)}Z`
  const opening = (side: -1 | 1) =>
    `M${n(CX + side * 50)},${n(yT)}Q${n(CX + side * 56)},${n(yT + 40)} ${n(CX + side * half)},${n(yT + 52)}`
  return (
    path(d, { fill: '#000', opacity: 0.12, transform: 'translate(0 2)' }) +
    T.piece(d, fabric(ctx), 'none', 0) +
    T.overlay(d, volume(ctx, pt(CX - half, 0), pt(CX + half, 0), 0.7)) +
    T.overlay(d, falloff(ctx, yT, yB, 0.1)) +
    path(opening(-1), { fill: 'none', stroke: '#000', 'stroke-width': 4, opacity: 0.16, transform: 'translate(3 0)' }) +
    path(opening(1), { fill: 'none', stroke: '#000', 'stroke-width': 4, opacity: 0.16, transform: 'translate(-3 0)' }) +
    T.piece(d, 'none', pal.outline, 1.1) +
    T.stitch(`M${n(CX - 48)},${n(yT + 3)}L${n(CX + 48)},${n(yT + 3)}`, pal.seam, 0.6) +
    T.stitch(
      `M${n(CX - 53)},${n(yT + 2)}Q${n(CX - 59)},${n(yT + 40)} ${n(CX - half + 3)},${n(yT + 55)}`,
      pal.seam,
      0.6,
    ) +
    T.stitch(`M${n(CX + 53)},${n(yT + 2)}Q${n(CX + 59)},${n(yT + 40)} ${n(CX + half - 3)},${n(yT + 55)}`, pal.seam, 0.6)
  )
}

function chestGraphic(t: Top): string {
  const { ctx, g: gm } = t
  const { pal } = ctx
  const c = pt(CX, gm.top + 96)
  if (ctx.traits.graphic === 'star') {
    let d = ''
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? 17 : 40
      const a = -Math.PI / 2 + (i * Math.PI) / 5
      d += `${i ? 'L' : 'M'}${n(c.x + Math.cos(a) * r)},${n(c.y + 4 + Math.sin(a) * r)}`
    }
    d += 'Z'
    return (
      T.piece(d, pal.accent, darken(pal.accent, 0.25), 1.6, { 'stroke-linejoin': 'round' }) +
      path(d, {
        fill: 'none',
        stroke: lighten(pal.accent, 0.5),
        'stroke-width': 1.2,
        transform: `translate(${n(c.x * 0.3)} ${n((c.y + 4) * 0.3)}) scale(0.7)`,
      }) +
      el('circle', { cx: c.x - 46, cy: c.y - 30, r: 3, fill: pal.accent }) +
      el('circle', { cx: c.x + 48, cy: c.y - 22, r: 2.2, fill: pal.accent }) +
      el('circle', { cx: c.x + 40, cy: c.y + 36, r: 2.6, fill: pal.accent })
    )
  }
  // Mountains under a rising sun, inside a round badge.
  const r = 42
  const clipId = ctx.defs.add('badge', (id) => el('clipPath', { id }, el('circle', { cx: c.x, cy: c.y, r })))
  const far = mix(pal.secondary, pal.main, 0.35)
  return (
    el('circle', { cx: c.x, cy: c.y, r: r + 3, fill: 'none', stroke: pal.secondary, 'stroke-width': 2.2 }) +
    g(
      { 'clip-path': `url(#${clipId})` },
      el('circle', { cx: c.x + 10, cy: c.y - 6, r: 18, fill: pal.accent }) +
        path(
          `M${n(c.x - 50)},${n(c.y + 22)}L${n(c.x - 14)},${n(c.y - 16)}L${n(c.x + 4)},${n(c.y + 2)}L${n(c.x + 22)},${n(c.y - 10)}L${n(c.x + 50)},${n(c.y + 22)}Z`,
          { fill: far },
        ) +
        path(
          `M${n(c.x - 50)},${n(c.y + 30)}L${n(c.x - 24)},${n(c.y - 2)}L${n(c.x - 6)},${n(c.y + 16)}L${n(c.x + 16)},${n(c.y - 4)}L${n(c.x + 50)},${n(c.y + 30)}Z`,
          { fill: pal.secondary },
        ) +
        path(
          `M${n(c.x - 24)},${n(c.y - 2)}L${n(c.x - 31)},${n(c.y + 6)}L${n(c.x - 24)},${n(c.y + 3)}L${n(c.x - 18)},${n(c.y + 7)}Z`,
          { fill: pal.main },
        ) +
        path(
          `M${n(c.x + 16)},${n(c.y - 4)}L${n(c.x + 10)},${n(c.y + 3)}L${n(c.x + 16)},${n(c.y + 1)}L${n(c.x + 22)},${n(c.y + 4)}Z`,
          { fill: pal.main },
        ) +
        el('rect', { x: c.x - 50, y: c.y + 26, width: 100, height: 30, fill: pal.secondary }),
    )
  )
}

function embroidery(t: Top, from: number, to: number): string {
  const { ctx, g: gm } = t
  const { pal } = ctx
  const top = gm.top
  const N = gm.N
  let out = ''
  const thread = pal.accent
  // A vine around the neckline and down both sides of the placket, with small flowers.
  for (const side of [-1, 1] as const) {
    const m = (q: Pt) => (side < 0 ? q : mirror(q))
    const vine = `M${p(m(pt(N.x - 10, top + 6)))}Q${p(m(pt(N.x - 4, top + 36)))} ${p(m(pt(CX - 16, top + 42)))}L${p(m(pt(CX - 16, to)))}`
    out += path(vine, { fill: 'none', stroke: thread, 'stroke-width': 1, 'stroke-dasharray': '2 1.4', opacity: 0.9 })
    for (let k = 0; k < 6; k++) {
      const y = from + 14 + k * ((to - from - 14) / 5)
      const c = m(pt(CX - 22, y))
      for (let i = 0; i < 5; i++) {
        const a = (i * 72 * Math.PI) / 180
        out += el('circle', { cx: c.x + Math.cos(a) * 2.4, cy: c.y + Math.sin(a) * 2.4, r: 1.3, fill: thread })
      }
      out += el('circle', { cx: c.x, cy: c.y, r: 0.9, fill: lighten(thread, 0.5) })
    }
    for (const k of [0.2, 0.5, 0.8]) {
      const c = m(lerp(pt(N.x - 12, top + 14), pt(CX - 30, top + 40), k))
      out += el('circle', { cx: c.x, cy: c.y, r: 1.6, fill: thread })
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// The kinds

export function tshirt(ctx: Ctx, view: View): Drawing {
  const relaxed = ctx.traits.relaxed
  const spec: TopSpec = {
    top: 100,
    neckW: 29,
    neckDepth: 22,
    backNeckDepth: 5,
    neckline: 'round',
    shoulderW: relaxed ? 104 : 95,
    shoulderDrop: relaxed ? 20 : 15,
    chestW: relaxed ? 92 : 89,
    armhole: relaxed ? 88 : 78,
    hemW: relaxed ? 93 : 89,
    length: 292,
    hemCurve: 3,
    sleeve: relaxed ? { len: 68, angle: 58, cuffW: 58, cuff: 0 } : { len: 74, angle: 52, cuffW: 52, cuff: 0 },
  }
  return drawTop(ctx, view, {
    spec,
    neck: 'crew',
    cuff: 'hem',
    hemBand: 'stitch',
    trim: ctx.product.pattern === 'stripes' ? ctx.pal.main : ctx.pal.shade,
    focus: ctx.traits.graphic ? pt(CX + 10, 190) : pt(CX - 40, 130),
    front: (t) => (ctx.traits.graphic ? chestGraphic(t) : ''),
  })
}

export function polo(ctx: Ctx, view: View): Drawing {
  const spec: TopSpec = {
    top: 100,
    neckW: 27,
    neckDepth: 16,
    backNeckDepth: 5,
    neckline: 'round',
    shoulderW: 95,
    shoulderDrop: 15,
    chestW: 89,
    armhole: 78,
    hemW: 89,
    length: 290,
    hemCurve: 2,
    sleeve: { len: 76, angle: 50, cuffW: 50, cuff: 11 },
  }
  const buttons = ctx.traits.kids ? 2 : 3
  return drawTop(ctx, view, {
    spec,
    neck: 'polo',
    cuff: 'rib',
    hemBand: 'stitch',
    trim: ctx.pal.secondary,
    focus: pt(CX, 140),
    front: (t) => {
      const from = t.g.top + 16
      const to = t.g.top + 74
      const d = `M${n(CX - 8)},${n(from)}L${n(CX + 8)},${n(from)}L${n(CX + 8)},${n(to)}L${n(CX - 8)},${n(to)}Z`
      return (
        T.piece(d, fabric(ctx), ctx.pal.outline, 1) +
        T.overlay(d, '#000', 0.06) +
        T.stitch(
          `M${n(CX - 10.5)},${n(from)}L${n(CX - 10.5)},${n(to + 2.5)}L${n(CX + 10.5)},${n(to + 2.5)}L${n(CX + 10.5)},${n(from)}`,
          ctx.pal.seam,
          0.6,
        ) +
        T.spaced(pt(CX, from + 12), pt(CX, to - 8), buttons)
          .map((c) => T.button(ctx, c, 2.9))
          .join('') +
        sideVents(t)
      )
    },
    back: (t) => sideVents(t),
  })
}

function sideVents(t: Top): string {
  const { g: gm, ctx } = t
  let out = ''
  for (const side of [-1, 1] as const) {
    const x = CX + side * (t.s.spec.hemW - 1)
    out += T.seam(`M${n(x)},${n(gm.hemY - 16)}L${n(x)},${n(gm.hemY)}`, ctx.pal.outline, 1, 0.8)
    out += T.seam(`M${n(x - side * 4)},${n(gm.hemY - 16)}L${n(x)},${n(gm.hemY - 16)}`, ctx.pal.seam, 0.8, 0.8)
  }
  return out
}

export function shirt(ctx: Ctx, view: View): Drawing {
  const spec: TopSpec = {
    top: 96,
    neckW: 25,
    neckDepth: 20,
    backNeckDepth: 4,
    neckline: 'v',
    shoulderW: 94,
    shoulderDrop: 15,
    chestW: 88,
    armhole: 84,
    hemW: 88,
    length: 292,
    hemCurve: 20,
    sleeve: { len: 232, angle: 11, cuffW: 34, cuff: 20 },
  }
  return drawTop(ctx, view, {
    spec,
    neck: 'shirt',
    cuff: 'band',
    hemBand: 'stitch',
    focus: pt(CX + 6, 140),
    front: (t) => {
      const top = t.g.top
      let out = buttonPlacket(t, top + 20, t.g.hemCentreY, 7)
      if (ctx.traits.chestPocket) {
        out += T.patchPocket(ctx, CX + 24, top + 64, 38, 44, fabric(ctx), { pointed: false, outline: ctx.pal.outline })
        out += T.overlay(`M${n(CX + 24)},${n(top + 64)}h38v44h-38Z`, volume(ctx, pt(CX + 24, 0), pt(CX + 62, 0), 0.5))
      }
      return out
    },
    back: (t) => {
      const top = t.g.top
      const y = top + 48
      return clipped(
        t,
        T.seam(`M${n(CX - 120)},${n(y - 6)}Q${n(CX)},${n(y + 8)} ${n(CX + 120)},${n(y - 6)}`, ctx.pal.outline, 1, 0.8) +
          T.stitch(`M${n(CX - 120)},${n(y - 3)}Q${n(CX)},${n(y + 11)} ${n(CX + 120)},${n(y - 3)}`, ctx.pal.seam, 0.6) +
          T.fold(ctx, `M${n(CX - 7)},${n(y + 2)}L${n(CX - 9)},${n(y + 40)}`) +
          T.fold(ctx, `M${n(CX + 7)},${n(y + 2)}L${n(CX + 9)},${n(y + 40)}`),
      )
    },
  })
}

export function kurta(ctx: Ctx, view: View): Drawing {
  const threeQ = ctx.traits.threeQuarter
  const spec: TopSpec = {
    top: 68,
    neckW: 26,
    neckDepth: 15,
    backNeckDepth: 5,
    neckline: 'round',
    shoulderW: 92,
    shoulderDrop: 15,
    chestW: 84,
    armhole: 82,
    hemW: 100,
    length: 380,
    hemCurve: 4,
    slit: 82,
    sleeve: threeQ ? { len: 162, angle: 15, cuffW: 40, cuff: 12 } : { len: 238, angle: 11, cuffW: 33, cuff: 14 },
  }
  return drawTop(ctx, view, {
    spec,
    neck: 'band',
    cuff: 'plain-band',
    hemBand: 'stitch',
    focus: pt(CX, 122),
    front: (t) => {
      const top = t.g.top
      const from = top + spec.neckDepth + 2
      const to = top + 112
      const d = `M${n(CX - 8)},${n(from)}L${n(CX + 8)},${n(from)}L${n(CX + 8)},${n(to)}L${n(CX - 8)},${n(to)}Z`
      let out = T.piece(d, fabric(ctx), ctx.pal.outline, 1) + T.overlay(d, '#000', 0.05)
      out += T.stitch(
        `M${n(CX - 10.5)},${n(from)}L${n(CX - 10.5)},${n(to + 2.5)}L${n(CX + 10.5)},${n(to + 2.5)}L${n(CX + 10.5)},${n(from)}`,
        ctx.pal.seam,
        0.6,
      )
      out += T.spaced(pt(CX, from + 10), pt(CX, to - 10), 4)
        .map((c) => T.button(ctx, c, 2.7))
        .join('')
      if (ctx.traits.embroidered) out += embroidery(t, from, to + 30)
      return out
    },
  })
}

export function blouse(ctx: Ctx, view: View): Drawing {
  const spec: TopSpec = {
    top: 104,
    neckW: 31,
    neckDepth: 56,
    backNeckDepth: 7,
    neckline: 'v',
    shoulderW: 86,
    shoulderDrop: 14,
    chestW: 82,
    armhole: 74,
    waist: { y: 160, w: 75 },
    hemW: 84,
    length: 262,
    hemCurve: 8,
    sleeve: { len: 68, angle: 44, cuffW: 66, cuff: 0, flutter: true },
  }
  return drawTop(ctx, view, {
    spec,
    neck: 'v',
    cuff: 'none',
    hemBand: 'stitch',
    focus: pt(CX, 175),
    front: (t) => {
      const top = t.g.top
      let out = clipped(
        t,
        T.fold(ctx, `M${n(CX - 40)},${n(top + 150)}L${n(CX - 36)},${n(top + 112)}`) +
          T.fold(ctx, `M${n(CX + 40)},${n(top + 150)}L${n(CX + 36)},${n(top + 112)}`),
      )
      if (ctx.traits.tieNeck) out += bow(ctx, pt(CX, top + spec.neckDepth + 2), ctx.pal.main, 1.25)
      return out
    },
    back: (t) =>
      T.button(ctx, pt(CX, t.g.top + 14), 2.4) +
      T.seam(`M${n(CX)},${n(t.g.top + 6)}L${n(CX)},${n(t.g.top + 34)}`, ctx.pal.seam, 0.8),
  })
}

/** A tied bow with two tails: tie-neck blouses and dress sashes. */
function bow(ctx: Ctx, c: Pt, colour: string, scale: number): string {
  const outline = darken(colour, 0.42)
  const k = (v: number) => v * scale
  const fillFor = colour === ctx.pal.main ? fabric(ctx) : colour
  const loop = (side: -1 | 1) =>
    `M${n(c.x)},${n(c.y)}C${n(c.x + side * k(10))},${n(c.y - k(16))} ${n(c.x + side * k(30))},${n(c.y - k(14))} ${n(c.x + side * k(28))},${n(c.y)}C${n(c.x + side * k(27))},${n(c.y + k(10))} ${n(c.x + side * k(10))},${n(c.y + k(8))} ${n(c.x)},${n(c.y)}Z`
  const tail = (side: -1 | 1) =>
    `M${n(c.x - side * k(2))},${n(c.y + k(2))}C${n(c.x + side * k(6))},${n(c.y + k(24))} ${n(c.x + side * k(10))},${n(c.y + k(40))} ${n(c.x + side * k(14))},${n(c.y + k(56))}L${n(c.x + side * k(24))},${n(c.y + k(52))}C${n(c.x + side * k(18))},${n(c.y + k(36))} ${n(c.x + side * k(12))},${n(c.y + k(18))} ${n(c.x + side * k(5))},${n(c.y + k(1))}Z`
  let out = ''
  for (const d of [tail(-1), tail(1), loop(-1), loop(1)]) {
    out += path(d, { fill: '#000', opacity: 0.14, transform: 'translate(1 2)' })
    out += T.piece(d, fillFor, outline, 1) + T.overlay(d, volume(ctx, pt(c.x - k(30), 0), pt(c.x + k(30), 0), 0.6))
  }
  out += T.fold(
    ctx,
    `M${n(c.x - k(6))},${n(c.y - k(2))}Q${n(c.x - k(16))},${n(c.y - k(4))} ${n(c.x - k(22))},${n(c.y - k(1))}`,
    0.8,
  )
  out += T.fold(
    ctx,
    `M${n(c.x + k(6))},${n(c.y - k(2))}Q${n(c.x + k(16))},${n(c.y - k(4))} ${n(c.x + k(22))},${n(c.y - k(1))}`,
    0.8,
  )
  out += el('ellipse', { cx: c.x, cy: c.y, rx: k(5), ry: k(6), fill: fillFor, stroke: outline, 'stroke-width': 1 })
  return out
}

export function dress(ctx: Ctx, view: View): Drawing {
  const kids = ctx.traits.kids
  const spec: TopSpec = {
    top: kids ? 86 : 70,
    neckW: kids ? 32 : 36,
    neckDepth: kids ? 24 : 32,
    backNeckDepth: 10,
    neckline: 'round',
    shoulderW: kids ? 64 : 70,
    shoulderDrop: 10,
    chestW: kids ? 72 : 74,
    armhole: kids ? 62 : 68,
    waist: { y: kids ? 112 : 128, w: kids ? 64 : 58 },
    hemW: kids ? 142 : 150,
    length: kids ? 338 : 372,
    hemCurve: 10,
    hemWaves: 6,
    sleeve: ctx.traits.sleeveless ? null : { len: 40, angle: 40, cuffW: 46, cuff: 0 },
  }
  const waistY = spec.top + spec.waist!.y
  const skirtFolds = (t: Top) => {
    const gm = t.g
    let out = ''
    const count = 6
    for (let i = 0; i < count - 1; i++) {
      const k = (i + 1) / count
      const xTop = CX - spec.waist!.w + 2 * spec.waist!.w * k
      const xHem = CX - spec.hemW + 2 * spec.hemW * k
      const yHem = gm.hemAt(xHem) + 6
      out += T.fold(
        ctx,
        `M${n(xTop)},${n(waistY + 8)}Q${n((xTop * 2 + xHem) / 3)},${n(waistY + 120)} ${n(xHem)},${n(yHem)}`,
        1,
      )
      const shade = `M${n(xTop)},${n(waistY + 8)}Q${n((xTop * 2 + xHem) / 3)},${n(waistY + 120)} ${n(xHem)},${n(yHem)}L${n(xHem - 24)},${n(yHem)}Q${n((xTop * 2 + xHem - 24) / 3)},${n(waistY + 120)} ${n(xTop - 2)},${n(waistY + 8)}Z`
      out += T.overlay(shade, '#000', 0.07)
    }
    return clipped(t, out)
  }
  const sash = (t: Top) => {
    const band = `M${n(CX - 120)},${n(waistY - 6)}L${n(CX + 120)},${n(waistY - 6)}L${n(CX + 120)},${n(waistY + 7)}L${n(CX - 120)},${n(waistY + 7)}Z`
    const sc = ctx.pal.secondary
    return clipped(
      t,
      T.piece(band, sc, 'none', 0) +
        T.overlay(band, volume(ctx, pt(CX - 70, 0), pt(CX + 70, 0), 0.8)) +
        T.seam(
          `M${n(CX - 120)},${n(waistY - 6)}H${n(CX + 120)}M${n(CX - 120)},${n(waistY + 7)}H${n(CX + 120)}`,
          darken(sc, 0.45),
          1,
          0.9,
        ),
    )
  }
  return drawTop(ctx, view, {
    spec,
    neck: 'scoop',
    cuff: 'hem',
    hemBand: 'none',
    focus: pt(CX, waistY - 10),
    foldHalfW: 60,
    front: (t) => skirtFolds(t) + sash(t) + bow(ctx, pt(CX, waistY), ctx.pal.secondary, 0.75),
    back: (t) =>
      skirtFolds(t) +
      sash(t) +
      (kids
        ? T.spaced(pt(CX, t.g.top + 16), pt(CX, waistY - 14), 3)
            .map((c) => T.button(ctx, c, 2.6, ctx.pal.accent))
            .join('') + T.seam(`M${n(CX)},${n(t.g.top + 10)}L${n(CX)},${n(waistY - 6)}`, ctx.pal.seam, 0.8)
        : T.seam(`M${n(CX)},${n(t.g.top + 10)}L${n(CX)},${n(waistY + 60)}`, ctx.pal.seam, 1.4, 0.9) +
          el('rect', {
            x: CX - 2,
            y: t.g.top + 11,
            width: 4,
            height: 9,
            rx: 1.5,
            fill: ctx.pal.accent,
            stroke: darken(ctx.pal.accent, 0.4),
            'stroke-width': 0.6,
          })),
  })
}

export function hoodie(ctx: Ctx, view: View): Drawing {
  const spec: TopSpec = {
    top: 112,
    neckW: 32,
    neckDepth: 26,
    backNeckDepth: 6,
    neckline: 'round',
    shoulderW: 100,
    shoulderDrop: 18,
    chestW: 94,
    armhole: 80,
    hemW: 90,
    length: 284,
    hemCurve: 0,
    sleeve: { len: 232, angle: 12, cuffW: 34, cuff: 22 },
  }
  const zipped = ctx.traits.zip
  return drawTop(ctx, view, {
    spec,
    neck: 'hood',
    cuff: 'rib',
    hemBand: 'rib',
    hemBandH: 22,
    trim: darken(ctx.pal.main, 0.08),
    focus: pt(CX, 160),
    front: (t) => {
      let out = kangarooPocket(t)
      if (zipped) out += T.zip(ctx, pt(CX, t.g.top + spec.neckDepth + 2), pt(CX, t.g.hemCentreY - 1), ctx.pal.accent)
      return out
    },
  })
}

export function sweater(ctx: Ctx, view: View): Drawing {
  const spec: TopSpec = {
    top: 104,
    neckW: 30,
    neckDepth: 20,
    backNeckDepth: 5,
    neckline: 'round',
    shoulderW: 98,
    shoulderDrop: 17,
    chestW: 92,
    armhole: 80,
    hemW: 88,
    length: 282,
    hemCurve: 0,
    sleeve: { len: 230, angle: 12, cuffW: 32, cuff: 22 },
  }
  const fairIsle = ctx.product.pattern === 'print'
  return drawTop(ctx, view, {
    spec,
    neck: 'crew',
    cuff: 'rib',
    hemBand: 'rib',
    hemBandH: 22,
    trim: ctx.product.pattern === 'stripes' ? ctx.pal.main : darken(ctx.pal.main, 0.04),
    texture: 'knit',
    focus: ctx.traits.cable ? pt(CX - 24, 200) : fairIsle ? pt(CX - 30, 175) : pt(CX - 34, 138),
    front: (t) => (ctx.traits.cable ? cables(t) : fairIsle ? fairIsleBands(t) : ''),
    back: (t) => (fairIsle ? fairIsleBands(t) : ''),
  })
}

function cables(t: Top): string {
  const { ctx, g: gm } = t
  const { pal } = ctx
  const y0 = gm.top + 30
  const y1 = gm.hemCentreY - 22
  const light = lighten(pal.main, 0.35)
  const dark = darken(pal.main, 0.32)
  const id = ctx.defs.add('cable', (id) =>
    el(
      'pattern',
      { id, width: 20, height: 22, patternUnits: 'userSpaceOnUse', x: 0, y: y0 },
      path('M4,0 C4,8 16,13 16,22', { fill: 'none', stroke: dark, 'stroke-width': 4.4, opacity: 0.45 }) +
        path('M16,0 C16,8 4,13 4,22', { fill: 'none', stroke: dark, 'stroke-width': 4.4, opacity: 0.45 }) +
        path('M4,0 C4,8 16,13 16,22', { fill: 'none', stroke: light, 'stroke-width': 2.4, opacity: 0.7 }) +
        path('M16,0 C16,4 14,7 12,9', { fill: 'none', stroke: dark, 'stroke-width': 4.4, opacity: 0.45 }) +
        path('M16,0 C16,4 14,7 12,9 M8,13 C6,15 4,18 4,22', {
          fill: 'none',
          stroke: light,
          'stroke-width': 2.4,
          opacity: 0.7,
        }),
    ),
  )
  let out = ''
  for (const x of [CX - 44, CX - 10, CX + 24]) {
    const d = `M${n(x)},${n(y0)}h20V${n(y1)}h-20Z`
    out += path(d, { fill: `url(#${id})`, transform: `translate(0 0)` })
    out += T.seam(`M${n(x - 3)},${n(y0)}V${n(y1)}M${n(x + 23)},${n(y0)}V${n(y1)}`, dark, 1.3, 0.35)
  }
  return clipped(t, out)
}

function fairIsleBands(t: Top): string {
  const { ctx, g: gm } = t
  const { pal } = ctx
  const row = (y: number, h: number) => {
    const id = ctx.defs.add(`fairisle:${h}`, (id) =>
      el(
        'pattern',
        { id, width: 16, height: h, patternUnits: 'userSpaceOnUse', y },
        el('rect', { width: 16, height: 2.2, fill: pal.secondary }) +
          el('rect', { y: h - 2.2, width: 16, height: 2.2, fill: pal.secondary }) +
          path(`M8,${n(4)}L${n(14)},${n(h / 2)}L8,${n(h - 4)}L2,${n(h / 2)}Z`, { fill: pal.accent }) +
          el('rect', { x: 6.6, y: h / 2 - 1.4, width: 2.8, height: 2.8, fill: pal.secondary }) +
          el('circle', { cx: 0, cy: h / 2, r: 1.3, fill: pal.secondary }) +
          el('circle', { cx: 16, cy: h / 2, r: 1.3, fill: pal.secondary }),
      ),
    )
    return el('rect', { x: CX - 200, y, width: 400, height: h, fill: `url(#${id})` })
  }
  const chest = gm.top + 46
  return clipped(t, row(chest, 26) + row(chest + 32, 12) + row(gm.hemCentreY - 22 - 16, 12))
}

export function jacket(ctx: Ctx, view: View): Drawing {
  const { pal, traits } = ctx
  if (traits.denim) {
    const spec: TopSpec = {
      top: 104,
      neckW: 27,
      neckDepth: 20,
      backNeckDepth: 4,
      neckline: 'v',
      shoulderW: 100,
      shoulderDrop: 16,
      chestW: 94,
      armhole: 84,
      hemW: 92,
      length: traits.cropped ? 226 : 250,
      hemCurve: 0,
      sleeve: { len: 224, angle: 12, cuffW: 34, cuff: 18 },
    }
    const pocketX = 42
    return drawTop(ctx, view, {
      spec,
      neck: 'denim',
      cuff: 'band',
      hemBand: 'band',
      hemBandH: 20,
      texture: 'twill',
      focus: pt(CX + 40, 190),
      front: (t) => {
        const top = t.g.top
        const bandTop = t.g.hemCentreY - 20
        let out = ''
        const yoke = top + 56
        // Yoke and the pleat seams running down from the pockets.
        let seams = T.seam(
          `M${n(CX - 130)},${n(yoke - 8)}L${n(CX - pocketX)},${n(yoke)}L${n(CX + pocketX)},${n(yoke)}L${n(CX + 130)},${n(yoke - 8)}`,
          pal.outline,
          1,
          0.7,
        )
        seams += T.stitch(
          `M${n(CX - 130)},${n(yoke - 5)}L${n(CX - pocketX)},${n(yoke + 3)}L${n(CX + pocketX)},${n(yoke + 3)}L${n(CX + 130)},${n(yoke - 5)}`,
          pal.accent,
          0.7,
        )
        for (const side of [-1, 1] as const) {
          for (const dx of [-14, 14]) {
            const x = CX + side * pocketX + dx
            seams += T.seam(`M${n(x)},${n(yoke + 58)}L${n(x + side * 2)},${n(bandTop)}`, pal.outline, 1, 0.6)
            seams += T.stitch(`M${n(x + 2.5)},${n(yoke + 58)}L${n(x + 2.5 + side * 2)},${n(bandTop)}`, pal.accent, 0.7)
          }
        }
        out += clipped(t, seams)
        out += buttonPlacket(t, top + 20, bandTop + 20, 6, { width: 9, r: 3.4, shank: true })
        for (const side of [-1, 1] as const) {
          const x = CX + side * pocketX - 20
          out += T.patchPocket(ctx, x, yoke + 4, 40, 40, fabric(ctx), {
            pointed: true,
            stitchColour: pal.accent,
            outline: pal.outline,
          })
          const flap = `M${n(x - 1)},${n(yoke + 2)}L${n(x + 41)},${n(yoke + 2)}L${n(x + 41)},${n(yoke + 14)}L${n(x + 20)},${n(yoke + 22)}L${n(x - 1)},${n(yoke + 14)}Z`
          out += path(flap, { fill: '#000', opacity: 0.18, transform: 'translate(0 2)' })
          out += T.piece(flap, fabric(ctx), pal.outline, 1) + T.overlay(flap, twill(ctx))
          out += T.stitch(
            `M${n(x + 2)},${n(yoke + 5)}L${n(x + 38)},${n(yoke + 5)}L${n(x + 38)},${n(yoke + 12)}L${n(x + 20)},${n(yoke + 19)}L${n(x + 2)},${n(yoke + 12)}Z`,
            pal.accent,
            0.7,
          )
          out += T.shank(ctx, pt(x + 20, yoke + 15), 3)
          out += T.shank(ctx, pt(CX + side * (spec.hemW - 14), bandTop + 10), 3)
        }
        return out
      },
      back: (t) => {
        const top = t.g.top
        const yoke = top + 62
        const bandTop = t.g.hemCentreY - 20
        let seams = T.seam(
          `M${n(CX - 130)},${n(yoke - 14)}L${n(CX)},${n(yoke + 6)}L${n(CX + 130)},${n(yoke - 14)}`,
          pal.outline,
          1,
          0.7,
        )
        seams += T.stitch(
          `M${n(CX - 130)},${n(yoke - 11)}L${n(CX)},${n(yoke + 9)}L${n(CX + 130)},${n(yoke - 11)}`,
          pal.accent,
          0.7,
        )
        for (const side of [-1, 1] as const) {
          const x = CX + side * 40
          seams += T.seam(`M${n(x)},${n(yoke)}L${n(x + side * 4)},${n(bandTop)}`, pal.outline, 1, 0.6)
          seams += T.stitch(`M${n(x + side * 3)},${n(yoke)}L${n(x + side * 7)},${n(bandTop)}`, pal.accent, 0.7)
        }
        return clipped(t, seams)
      },
    })
  }
  // Bomber
  const spec: TopSpec = {
    top: 104,
    neckW: 30,
    neckDepth: 12,
    backNeckDepth: 4,
    neckline: 'round',
    shoulderW: 101,
    shoulderDrop: 16,
    chestW: 96,
    armhole: 84,
    hemW: 90,
    length: 262,
    hemCurve: 0,
    sleeve: { len: 226, angle: 13, cuffW: 34, cuff: 22 },
  }
  return drawTop(ctx, view, {
    spec,
    neck: 'rib-stand',
    cuff: 'rib',
    hemBand: 'rib',
    hemBandH: 24,
    trim: pal.secondary,
    focus: pt(CX - 10, 130),
    front: (t) => {
      const top = t.g.top
      let out = ''
      for (const side of [-1, 1] as const) {
        out += T.weltPocket(ctx, pt(CX + side * 62, top + 160), pt(CX + side * 50, top + 206), 7, pal.secondary)
      }
      out += T.zip(ctx, pt(CX, top + spec.neckDepth + 2), pt(CX, t.g.hemCentreY - 1), pal.accent)
      // Utility pocket on the left sleeve.
      const sl = t.g.sleeves[1]
      if (sl) {
        const a = add(lerp(sl.S, sl.U, 0.55), mul(sl.d, 40))
        const c = (k: number, m: number) => add(add(a, mul(sl.d, k)), mul(sl.across, m))
        const d = `M${p(c(0, -14))}L${p(c(0, 12))}L${p(c(30, 12))}L${p(c(30, -14))}Z`
        out += T.piece(d, fabric(ctx), pal.outline, 1) + T.overlay(d, '#000', 0.06)
        out += T.stitch(`M${p(c(2, -12))}L${p(c(2, 10))}L${p(c(28, 10))}L${p(c(28, -12))}Z`, pal.seam, 0.6)
        out += T.zip(ctx, c(4, -10), c(4, 8), pal.accent, false)
      }
      return out
    },
  })
}

export function puffer(ctx: Ctx, view: View): Drawing {
  const { pal, traits } = ctx
  const spec: TopSpec = {
    top: 112,
    neckW: 30,
    neckDepth: 12,
    backNeckDepth: 4,
    neckline: 'round',
    shoulderW: 104,
    shoulderDrop: 18,
    chestW: 100,
    armhole: 84,
    hemW: 96,
    length: 272,
    hemCurve: 0,
    sleeve: { len: 226, angle: 13, cuffW: 38, cuff: 14, quilt: 36 * 0.9 },
    quilt: { y0: 112 + 6 + 36, h: 36 },
  }
  return drawTop(ctx, view, {
    spec,
    neck: traits.hood ? 'hood' : 'stand',
    cuff: 'elastic',
    hemBand: 'none',
    trim: pal.secondary,
    texture: 'quilt',
    baffle: 36,
    focus: pt(CX - 26, 150),
    front: (t) => {
      const top = t.g.top
      let out = ''
      for (const side of [-1, 1] as const) {
        const a = pt(CX + side * 58, top + 168)
        const b = pt(CX + side * 70, top + 216)
        out += T.seam(`M${p(a)}L${p(b)}`, darken(pal.main, 0.4), 3.6, 0.9) + T.zip(ctx, a, b, pal.accent, false)
      }
      out += T.zip(ctx, pt(CX, top + spec.neckDepth - (traits.hood ? 0 : 14)), pt(CX, t.g.hemCentreY - 1), pal.accent)
      return out
    },
  })
}

export function coat(ctx: Ctx, view: View): Drawing {
  const { pal, traits } = ctx
  const kids = traits.kids
  const women = ctx.product.category === 'Women'
  const spec: TopSpec = {
    top: kids ? 88 : 68,
    neckW: 27,
    neckDepth: kids ? 128 : 148,
    backNeckDepth: 6,
    neckline: 'v',
    shoulderW: 98,
    shoulderDrop: 14,
    chestW: 92,
    armhole: 86,
    waist: women ? { y: 176, w: 84 } : undefined,
    hemW: kids ? 100 : 106,
    length: kids ? 320 : 382,
    hemCurve: 2,
    sleeve: { len: kids ? 226 : 246, angle: 9, cuffW: 38, cuff: 0 },
  }
  const top = spec.top
  const brk = top + spec.neckDepth
  return drawTop(ctx, view, {
    spec,
    neck: 'lapel',
    cuff: 'none',
    hemBand: 'none',
    focus: pt(CX, brk + 10),
    foldHalfW: 74,
    front: (t) => {
      const hem = t.g.hemCentreY
      let out = clipped(
        t,
        path(
          `M${n(CX)},${n(brk)}L${n(CX + 30)},${n(brk + 20)}L${n(CX + 30)},${n(hem + 4)}L${n(CX + 36)},${n(hem + 4)}L${n(CX + 36)},${n(brk + 20)}Z`,
          { fill: '#000', opacity: 0.1 },
        ) +
          T.seam(`M${n(CX)},${n(brk)}L${n(CX + 30)},${n(brk + 20)}L${n(CX + 30)},${n(hem + 4)}`, pal.outline, 1.2, 0.9),
      )
      for (const y of T.spaced(pt(0, brk + 26), pt(0, brk + (kids ? 110 : 128)), 3).map((q) => q.y)) {
        out += T.button(ctx, pt(CX - 18, y), 4.2) + T.button(ctx, pt(CX + 18, y), 4.2)
      }
      const py = kids ? top + 236 : top + 262
      for (const side of [-1, 1] as const) {
        const x0 = CX + side * 66 - 26
        const flap = `M${n(x0)},${n(py)}L${n(x0 + 52)},${n(py)}L${n(x0 + 52)},${n(py + 14)}Q${n(x0 + 52)},${n(py + 17)} ${n(x0 + 49)},${n(py + 17)}L${n(x0 + 3)},${n(py + 17)}Q${n(x0)},${n(py + 17)} ${n(x0)},${n(py + 14)}Z`
        out += path(flap, { fill: '#000', opacity: 0.18, transform: 'translate(0 2.5)' })
        out += T.piece(flap, fabric(ctx), pal.outline, 1) + T.overlay(flap, '#fff', 0.05)
        out += T.stitch(
          `M${n(x0 + 3)},${n(py + 3)}L${n(x0 + 3)},${n(py + 14)}L${n(x0 + 49)},${n(py + 14)}L${n(x0 + 49)},${n(py + 3)}`,
          pal.seam,
          0.6,
        )
      }
      out += T.weltPocket(ctx, pt(CX + 44, top + 100), pt(CX + 72, top + 96), 5, pal.shade)
      return out
    },
    back: (t) => {
      const hem = t.g.hemCentreY
      const vent = hem - (kids ? 60 : 82)
      return clipped(
        t,
        T.seam(`M${n(CX)},${n(top + 20)}L${n(CX)},${n(vent)}`, pal.outline, 1, 0.8) +
          path(
            `M${n(CX)},${n(vent)}L${n(CX + 6)},${n(vent + 6)}L${n(CX + 6)},${n(hem + 4)}L${n(CX + 10)},${n(hem + 4)}L${n(CX + 10)},${n(vent + 6)}Z`,
            { fill: '#000', opacity: 0.12 },
          ) +
          T.seam(`M${n(CX)},${n(vent)}L${n(CX + 6)},${n(vent + 6)}L${n(CX + 6)},${n(hem + 4)}`, pal.outline, 1, 0.85) +
          T.seam(`M${n(CX)},${n(vent)}L${n(CX)},${n(hem + 4)}`, pal.seam, 0.8, 0.6) +
          T.fold(
            ctx,
            `M${n(CX - 50)},${n(top + 140)}Q${n(CX - 46)},${n(top + 200)} ${n(CX - 52)},${n(hem - 30)}`,
            0.7,
          ) +
          T.fold(ctx, `M${n(CX + 52)},${n(top + 150)}Q${n(CX + 48)},${n(top + 210)} ${n(CX + 54)},${n(hem - 30)}`, 0.7),
      )
    },
  })
}
