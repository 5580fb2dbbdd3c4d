// Lower-body garments: a two-legged body (jeans, trousers, shorts, joggers) or an A-line skirt,
// with the waistband, pockets, fly and stitching that tell them apart.

import type { Ctx } from './context.ts'
import type { Drawing } from './drawing.ts'
import { fabric, falloff, rib, twill, volume } from './fabric.ts'
import { darken, isDark } from './palette.ts'
import { CX, el, g, jitter, lerp, mirror, mirroredReverse, n, p, path, pt, segPath, type Pt, type Seg } from './svg.ts'
import type { View } from './tops.ts'
import * as T from './trims.ts'

interface LegSpec {
  waistY: number
  /** Waistband height. */
  wb: number
  waistW: number
  hipY: number
  hipW: number
  crotchY: number
  hemY: number
  /** Distance from the centre line to the outer and inner hem corners. */
  hemOuter: number
  hemInner: number
  knee?: { y: number; outer: number; inner: number }
}

function legShape(s: LegSpec) {
  const wbB = s.waistY + s.wb
  const topR = pt(CX + s.waistW, s.waistY)
  const start = pt(CX + s.waistW + 0.5, wbB)
  // The right leg, from the bottom of the waistband down the outseam and up the inseam.
  const segs: Seg[] = [
    {
      c1: pt(CX + s.waistW + 3, wbB + (s.hipY - wbB) * 0.4),
      c2: pt(CX + s.hipW, s.hipY - (s.hipY - wbB) * 0.35),
      to: pt(CX + s.hipW, s.hipY),
    },
  ]
  const outer = s.knee ? [pt(CX + s.knee.outer, s.knee.y), pt(CX + s.hemOuter, s.hemY)] : [pt(CX + s.hemOuter, s.hemY)]
  let from = pt(CX + s.hipW, s.hipY)
  for (const to of outer) {
    const k = to.y - from.y
    segs.push({
      c1: pt(from.x + (to.x - from.x) * 0.1, from.y + k * 0.4),
      c2: pt(to.x - (to.x - from.x) * 0.15, to.y - k * 0.35),
      to,
    })
    from = to
  }
  segs.push({ to: pt(CX + s.hemInner, s.hemY + 1.5) })
  from = pt(CX + s.hemInner, s.hemY + 1.5)
  const inner = s.knee ? [pt(CX + s.knee.inner, s.knee.y)] : []
  for (const to of inner) {
    const k = from.y - to.y
    segs.push({ c1: pt(from.x, from.y - k * 0.35), c2: pt(to.x, to.y + k * 0.35), to })
    from = to
  }
  const crotch = pt(CX, s.crotchY)
  segs.push({
    c1: pt(from.x - (from.x - CX) * 0.05, from.y - (from.y - crotch.y) * 0.45),
    c2: pt(CX + 5, crotch.y + 5),
    to: crotch,
  })

  const body = `M${p(mirror(topR))}Q${n(CX)},${n(s.waistY + 3)} ${p(topR)}L${p(start)}${segs.map(segPath).join('')}${mirroredReverse(start, segs)}Z`
  const leg = (side: -1 | 1) => {
    const m = (q: Pt) => (side > 0 ? q : mirror(q))
    const flip = (s: Seg): Seg => ({ c1: s.c1 && m(s.c1), c2: s.c2 && m(s.c2), to: m(s.to) })
    return `M${n(CX)},${n(wbB)}L${p(m(start))}${segs.map(flip).map(segPath).join('')}Z`
  }
  const band = `M${p(mirror(topR))}Q${n(CX)},${n(s.waistY + 3)} ${p(topR)}L${p(start)}Q${n(CX)},${n(wbB + 3)} ${p(mirror(start))}Z`
  const inside = `M${p(mirror(topR))}Q${n(CX)},${n(s.waistY - 9)} ${p(topR)}Q${n(CX)},${n(s.waistY + 3)} ${p(mirror(topR))}Z`
  /** Centre of the right leg at height y (for creases and knee fades). */
  const legCentre = (y: number) => {
    const t = Math.min(1, Math.max(0, (y - s.hipY) / (s.hemY - s.hipY)))
    return CX + lerp(pt(s.hipW / 2 + 4, 0), pt((s.hemOuter + s.hemInner) / 2, 0), t).x
  }
  return { s, wbB, body, leg, band, inside, legCentre }
}

type LegShape = ReturnType<typeof legShape>

interface BottomStyle {
  spec: LegSpec
  waistband: 'jeans' | 'trouser' | 'elastic'
  hem: 'stitch' | 'rib' | 'turnup' | 'none'
  hemH?: number
  denim: boolean
  focus: Pt
  front: (b: Bottom) => string
  back: (b: Bottom) => string
}

/** What pockets and flies need to know: the measurements, the waistband's bottom, the body clip. */
interface Frame {
  ctx: Ctx
  s: LegSpec
  wbB: number
  clip: string
}

interface Bottom extends Frame {
  sh: LegShape
  st: BottomStyle
}

const inBody = (b: Bottom, content: string) => g({ 'clip-path': b.clip }, content)

function drawLegs(ctx: Ctx, view: View, st: BottomStyle): Drawing {
  const { pal, defs } = ctx
  const sh = legShape(st.spec)
  const s = st.spec
  const clipId = defs.add('clip-legs', (id) => el('clipPath', { id }, path(sh.body)))
  const b: Bottom = { ctx, s, wbB: sh.wbB, sh, st, clip: `url(#${clipId})` }

  const behind =
    T.piece(sh.inside, pal.inside, pal.outline, 1) + T.overlay(sh.inside, falloff(ctx, s.waistY - 8, s.waistY + 2, 0.3))
  let body = T.piece(sh.body, fabric(ctx), 'none', 0)
  if (st.denim) body += T.overlay(sh.body, twill(ctx))
  const midY = (s.hipY + s.hemY) / 2
  for (const side of [-1, 1] as const) {
    const outer = CX + side * ((s.hipW + s.hemOuter) / 2 + 4)
    const inner = CX + side * (s.hemInner / 2 - 2)
    body += T.overlay(sh.leg(side), volume(ctx, pt(outer, midY), pt(inner, midY), 1))
  }

  let lines = ''
  if (st.denim && view === 'front') lines += whiskers(b)
  if (st.denim) {
    // Worn, lighter fabric at the knees and seat.
    const fade = defs.add('fade', (id) =>
      el(
        'radialGradient',
        { id },
        el('stop', { offset: 0, 'stop-color': '#fff', 'stop-opacity': isDark(pal.main) ? 0.1 : 0.16 }) +
          el('stop', { offset: 1, 'stop-color': '#fff', 'stop-opacity': 0 }),
      ),
    )
    const ky = s.knee?.y ?? s.crotchY + (s.hemY - s.crotchY) * 0.42
    if (s.hemY - s.crotchY > 120) {
      for (const side of [-1, 1] as const) {
        const x = CX + side * (sh.legCentre(ky) - CX)
        lines += el('ellipse', { cx: x, cy: ky, rx: 26, ry: 44, fill: `url(#${fade})` })
      }
    }
    lines += el('ellipse', { cx: CX - 44, cy: s.hipY - 6, rx: 36, ry: 50, fill: `url(#${fade})` })
    lines += el('ellipse', { cx: CX + 44, cy: s.hipY - 6, rx: 36, ry: 50, fill: `url(#${fade})` })
  }
  lines += legFolds(b)
  // The inseam shadow where the legs meet.
  lines += T.fold(ctx, `M${n(CX)},${n(s.crotchY - 24)}L${n(CX)},${n(s.crotchY)}`, 0.8)
  body += inBody(b, lines)

  // Hems
  const hemH = st.hemH ?? 18
  const hemBand = `M${n(CX - 200)},${n(s.hemY - hemH)}H${n(CX + 200)}V${n(s.hemY + 4)}H${n(CX - 200)}Z`
  if (st.hem === 'stitch') {
    body += inBody(
      b,
      T.stitch(`M${n(CX - 200)},${n(s.hemY - 5)}H${n(CX + 200)}`, st.denim ? pal.accent : pal.seam, 0.7),
    )
  } else if (st.hem === 'rib') {
    const trim = darken(pal.main, 0.06)
    body += inBody(
      b,
      T.piece(hemBand, trim, 'none', 0) +
        T.overlay(hemBand, rib(ctx)) +
        T.overlay(hemBand, '#000', 0.06) +
        T.seam(`M${n(CX - 200)},${n(s.hemY - hemH)}H${n(CX + 200)}`, pal.outline, 1, 0.9),
    )
  } else if (st.hem === 'turnup') {
    body += inBody(
      b,
      T.piece(hemBand, fabric(ctx), 'none', 0) +
        (st.denim ? T.overlay(hemBand, '#fff', 0.1) : T.overlay(hemBand, '#000', 0.05)) +
        path(`M${n(CX - 200)},${n(s.hemY - hemH - 3)}H${n(CX + 200)}`, {
          stroke: '#000',
          'stroke-width': 4,
          opacity: 0.12,
        }) +
        T.seam(`M${n(CX - 200)},${n(s.hemY - hemH)}H${n(CX + 200)}`, pal.outline, 1.1, 0.9) +
        T.stitch(`M${n(CX - 200)},${n(s.hemY - 4)}H${n(CX + 200)}`, st.denim ? pal.accent : pal.seam, 0.7),
    )
  }

  body += T.piece(sh.body, 'none', pal.outline, 1.3)
  body += waistband(b, view)
  body += view === 'front' ? st.front(b) : st.back(b)

  const maxX = Math.max(s.hipW, s.hemOuter, s.knee?.outer ?? 0)
  return {
    behind,
    body,
    box: { x0: CX - maxX - 2, x1: CX + maxX + 2, y0: s.waistY - 9, y1: s.hemY + 3 },
    focus: st.focus,
    fold: { top: s.waistY, halfW: s.hipW + 1, drop: 0, neckW: 0, raise: 10, bottom: s.crotchY + 36 },
    shoulders: null,
  }
}

function waistband(b: Bottom, view: View): string {
  const { ctx, sh, st } = b
  const { pal } = ctx
  const s = st.spec
  const d = sh.band
  let out = T.piece(d, fabric(ctx), 'none', 0)
  if (st.denim) out += T.overlay(d, twill(ctx))
  out += T.overlay(d, volume(ctx, pt(CX - s.waistW, 0), pt(CX + s.waistW, 0), 0.8))
  const stitchC = st.denim ? pal.accent : pal.seam
  const line = (dy: number) =>
    `M${n(CX - s.waistW)},${n(s.waistY + dy)}Q${n(CX)},${n(s.waistY + dy + 3)} ${n(CX + s.waistW)},${n(s.waistY + dy)}`
  if (st.waistband === 'elastic') {
    // Gathered elastic: short ruched folds across the band.
    let ruche = ''
    for (let x = CX - s.waistW + 4; x < CX + s.waistW - 2; x += 5.5) {
      const j = jitter(ctx.seed, Math.round(x)) * 2
      ruche += `M${n(x)},${n(s.waistY + 3)}Q${n(x + 1.5 + j)},${n(s.waistY + s.wb / 2 + 1)} ${n(x)},${n(s.waistY + s.wb - 1)}`
    }
    out += g(
      { 'clip-path': b.clip },
      T.seam(ruche, '#000', 1, isDark(pal.main) ? 0.35 : 0.18) +
        T.stitch(line(3), stitchC, 0.6) +
        T.stitch(line(s.wb - 3), stitchC, 0.6),
    )
  } else {
    out += g({ 'clip-path': b.clip }, T.stitch(line(2.5), stitchC, 0.6) + T.stitch(line(s.wb - 2.5), stitchC, 0.6))
  }
  out += T.piece(d, 'none', pal.outline, 1.1)
  if (st.waistband !== 'elastic') {
    const loops =
      view === 'front'
        ? [-s.waistW + 12, -s.waistW * 0.42, s.waistW * 0.42, s.waistW - 12]
        : [-s.waistW + 14, 0, s.waistW - 14]
    for (const dx of loops) {
      const x = CX + dx
      const r = `M${n(x - 3)},${n(s.waistY - 2)}h6v${n(s.wb + 5)}h-6Z`
      out += path(r, { fill: '#000', opacity: 0.18, transform: 'translate(0.8 1.2)' })
      out += T.piece(r, fabric(ctx), pal.outline, 0.9)
      out += T.stitch(
        `M${n(x - 2.5)},${n(s.waistY + 1)}h5M${n(x - 2.5)},${n(s.waistY + s.wb)}h5`,
        stitchC,
        0.6,
        '1.2 0.8',
      )
    }
    if (view === 'front') {
      const c = pt(CX, s.waistY + s.wb / 2 + 1)
      out += st.denim ? T.shank(ctx, c, 4.4) : T.button(ctx, c, 3.4, darken(pal.main, 0.3))
    }
  }
  return out
}

function legFolds(b: Bottom): string {
  const { ctx, sh, st } = b
  const s = st.spec
  let out = ''
  const long = s.hemY - s.crotchY > 120
  for (const side of [-1, 1] as const) {
    const m = (q: Pt) => (side > 0 ? q : mirror(q))
    const seed = ctx.seed + (side > 0 ? 7 : 0)
    if (long) {
      // A few soft breaks above the hem and a fold behind the knee.
      const c = sh.legCentre(s.hemY - 40) - CX
      for (let i = 0; i < 2; i++) {
        const y = s.hemY - 30 - i * 26 - jitter(seed, i) * 10
        const x0 = CX + c - 18
        out += T.fold(
          ctx,
          `M${p(m(pt(x0, y)))}Q${p(m(pt(x0 + 16, y - 6 - jitter(seed, i + 3) * 4)))} ${p(m(pt(x0 + 30, y + 2)))}`,
          0.8,
        )
      }
      const ky = s.knee?.y ?? s.crotchY + (s.hemY - s.crotchY) * 0.45
      const kc = sh.legCentre(ky) - CX
      out += T.fold(ctx, `M${p(m(pt(kc - 20, ky - 6)))}Q${p(m(pt(kc - 4, ky + 2)))} ${p(m(pt(kc + 12, ky - 10)))}`, 0.6)
    }
    // Drag lines from the crotch.
    out += T.fold(
      ctx,
      `M${p(m(pt(CX + 4, s.crotchY + 2)))}Q${p(m(pt(CX + 14, s.crotchY - 8)))} ${p(m(pt(CX + 26, s.crotchY - 26)))}`,
      0.7,
    )
  }
  return out
}

function whiskers(b: Bottom): string {
  const { ctx, st } = b
  const s = st.spec
  const op = isDark(ctx.pal.main) ? 0.12 : 0.18
  let d = ''
  for (const side of [-1, 1] as const) {
    for (let i = 0; i < 3; i++) {
      const y = s.crotchY - 30 + i * 9
      const x0 = CX + side * 12
      const x1 = CX + side * (44 + i * 6)
      d += `M${n(x0)},${n(y + 6)}Q${n((x0 + x1) / 2)},${n(y - 2)} ${n(x1)},${n(y - 8 - i * 2)}`
    }
  }
  return path(d, { fill: 'none', stroke: '#fff', 'stroke-width': 2.2, 'stroke-linecap': 'round', opacity: op })
}

// ---------------------------------------------------------------------------------------------
// Pockets and fly

function scoopPocket(b: Frame, side: -1 | 1, denim: boolean): string {
  const { ctx, s, wbB } = b
  const { pal } = ctx
  const m = (q: Pt) => (side > 0 ? q : mirror(q))
  const y = wbB
  const start = pt(CX + s.waistW - 36, y)
  const end = pt(CX + s.hipW + 6, y + 56)
  const d = `M${p(m(start))}C${p(m(pt(start.x + 1, y + 28)))} ${p(m(pt(CX + s.waistW - 14, y + 48)))} ${p(m(end))}`
  const off = (k: number) =>
    `M${p(m(pt(start.x - k, y)))}C${p(m(pt(start.x + 1 - k, y + 28 + k)))} ${p(m(pt(CX + s.waistW - 14 - k * 0.6, y + 48 + k)))} ${p(m(pt(end.x, end.y + k)))}`
  let out =
    path(off(-2), { fill: 'none', stroke: '#000', 'stroke-width': 3, opacity: 0.12 }) +
    T.seam(d, pal.outline, 1.1, 0.95) +
    T.stitch(off(3), denim ? pal.accent : pal.seam, 0.7)
  if (denim) {
    out += T.stitch(off(5.5), pal.accent, 0.7)
    // The coin pocket on the wearer's right.
    if (side < 0) {
      const x = CX - s.waistW + 9
      const cp = `M${n(x)},${n(y + 1)}h19v20h-19Z`
      out +=
        T.piece(cp, fabric(ctx), pal.outline, 0.9) +
        T.overlay(cp, twill(ctx)) +
        T.stitch(`M${n(x + 1.5)},${n(y + 4)}h16`, pal.accent, 0.6)
    }
    out += T.rivet(ctx, m(pt(start.x + 1, y + 3))) + T.rivet(ctx, m(pt(CX + s.hipW - 3, y + 49)))
  }
  return g({ 'clip-path': b.clip }, out)
}

function slantPocket(b: Frame, side: -1 | 1): string {
  const { ctx, s, wbB } = b
  const m = (q: Pt) => (side > 0 ? q : mirror(q))
  const a = pt(CX + s.waistW - 18, wbB)
  const e = pt(CX + s.hipW + 8, wbB + 62)
  return g(
    { 'clip-path': b.clip },
    path(`M${p(m(pt(a.x - 2, a.y)))}L${p(m(pt(e.x - 2, e.y)))}`, { stroke: '#000', 'stroke-width': 3, opacity: 0.1 }) +
      T.seam(`M${p(m(a))}L${p(m(e))}`, ctx.pal.outline, 1.1, 0.95) +
      T.stitch(`M${p(m(pt(a.x + 3, a.y)))}L${p(m(pt(e.x + 3, e.y)))}`, ctx.pal.seam, 0.6),
  )
}

function fly(b: Frame, denim: boolean): string {
  const { ctx, s, wbB } = b
  const { pal } = ctx
  const y = wbB
  const bottom = s.crotchY - 12
  const j = (dx: number) =>
    `M${n(CX + dx)},${n(y + 1)}L${n(CX + dx)},${n(bottom - 20)}Q${n(CX + dx)},${n(bottom - 4)} ${n(CX + 1)},${n(bottom)}`
  return g(
    { 'clip-path': b.clip },
    T.seam(`M${n(CX)},${n(y)}L${n(CX)},${n(bottom)}`, pal.outline, 1, 0.9) +
      path(`M${n(CX + 1)},${n(y)}L${n(CX + 1)},${n(bottom)}`, { stroke: '#000', 'stroke-width': 2, opacity: 0.08 }) +
      T.stitch(j(13), denim ? pal.accent : pal.seam, 0.7) +
      (denim ? T.stitch(j(15.5), pal.accent, 0.7) : ''),
  )
}

function backPockets(b: Frame): string {
  const { ctx, s, wbB } = b
  const { pal } = ctx
  const yoke = (x: number) => wbB + 24 + 14 * (1 - Math.abs(x - CX) / (s.hipW + 2))
  let out = g(
    { 'clip-path': b.clip },
    T.seam(
      `M${n(CX - s.hipW - 4)},${n(yoke(CX - s.hipW - 4))}L${n(CX)},${n(yoke(CX))}L${n(CX + s.hipW + 4)},${n(yoke(CX + s.hipW + 4))}`,
      pal.outline,
      1,
      0.85,
    ) +
      T.stitch(
        `M${n(CX - s.hipW - 4)},${n(yoke(CX - s.hipW - 4) + 3)}L${n(CX)},${n(yoke(CX) + 3)}L${n(CX + s.hipW + 4)},${n(yoke(CX + s.hipW + 4) + 3)}`,
        pal.accent,
        0.7,
      ) +
      T.seam(`M${n(CX)},${n(yoke(CX))}L${n(CX)},${n(s.crotchY)}`, pal.outline, 1, 0.8) +
      T.stitch(`M${n(CX + 2.5)},${n(yoke(CX) + 2)}L${n(CX + 2.5)},${n(s.crotchY - 4)}`, pal.accent, 0.7),
  )
  const w = Math.min(46, s.hipW * 0.54)
  for (const side of [-1, 1] as const) {
    const cx = CX + side * s.hipW * 0.47
    const y0 = yoke(cx) + 6
    const h = w * 1.1
    const d = `M${n(cx - w / 2)},${n(y0)}L${n(cx + w / 2)},${n(y0)}L${n(cx + w / 2 - 2)},${n(y0 + h - 10)}L${n(cx)},${n(y0 + h)}L${n(cx - w / 2 + 2)},${n(y0 + h - 10)}Z`
    out += path(d, { fill: '#000', opacity: 0.14, transform: 'translate(0.8 1.6)' })
    out +=
      T.piece(d, fabric(ctx), pal.outline, 1) +
      T.overlay(d, twill(ctx)) +
      T.overlay(d, volume(ctx, pt(cx - w / 2, 0), pt(cx + w / 2, 0), 0.5))
    out += T.stitch(
      `M${n(cx - w / 2 + 2.5)},${n(y0 + 6)}L${n(cx - w / 2 + 4.5)},${n(y0 + h - 11)}L${n(cx)},${n(y0 + h - 2.5)}L${n(cx + w / 2 - 4.5)},${n(y0 + h - 11)}L${n(cx + w / 2 - 2.5)},${n(y0 + 6)}`,
      pal.accent,
      0.7,
    )
    out += T.stitch(`M${n(cx - w / 2 + 1)},${n(y0 + 3)}H${n(cx + w / 2 - 1)}`, pal.accent, 0.7)
    // The decorative arcs.
    out += T.stitch(
      `M${n(cx - w / 2 + 6)},${n(y0 + h * 0.42)}Q${n(cx - w / 4)},${n(y0 + h * 0.62)} ${n(cx)},${n(y0 + h * 0.48)}Q${n(cx + w / 4)},${n(y0 + h * 0.62)} ${n(cx + w / 2 - 6)},${n(y0 + h * 0.42)}`,
      pal.accent,
      0.7,
    )
  }
  // The leather patch on the waistband (no lettering).
  const lx = CX + s.waistW * 0.45
  out += T.piece(`M${n(lx)},${n(s.waistY + 3)}h${n(26)}v${n(s.wb - 6)}h${n(-26)}Z`, '#9a6a3e', '#5b3a1f', 0.8)
  out += T.stitch(`M${n(lx + 2)},${n(s.waistY + 5)}h22v${n(s.wb - 10)}h-22Z`, '#e4c9a2', 0.5, '1.2 0.8')
  return out
}

function weltPockets(b: Frame): string {
  const { ctx, s, wbB } = b
  const { pal } = ctx
  let out = ''
  for (const side of [-1, 1] as const) {
    const cx = CX + side * s.hipW * 0.44
    const y = wbB + 30
    out += T.fold(ctx, `M${n(cx)},${n(wbB + 1)}L${n(cx + side)},${n(y - 6)}`, 0.8)
    out += T.weltPocket(ctx, pt(cx - 18, y), pt(cx + 18, y), 4, pal.inside)
    out += T.button(ctx, pt(cx, y + 6), 2.4, darken(pal.main, 0.3))
  }
  out += g({ 'clip-path': b.clip }, T.seam(`M${n(CX)},${n(wbB)}L${n(CX)},${n(s.crotchY)}`, pal.outline, 1, 0.8))
  return out
}

// ---------------------------------------------------------------------------------------------
// The kinds

export function jeans(ctx: Ctx, view: View): Drawing {
  const slim = ctx.traits.slim
  const spec: LegSpec = {
    waistY: 58,
    wb: 20,
    waistW: slim ? 72 : 76,
    hipY: 150,
    hipW: slim ? 84 : 88,
    crotchY: 206,
    hemY: 452,
    hemOuter: slim ? 58 : 68,
    hemInner: slim ? 20 : 14,
    knee: slim ? { y: 330, outer: 66, inner: 16 } : undefined,
  }
  return drawLegs(ctx, view, {
    spec,
    waistband: 'jeans',
    hem: 'stitch',
    denim: true,
    focus: pt(CX - 34, 108),
    front: (b) => scoopPocket(b, -1, true) + scoopPocket(b, 1, true) + fly(b, true),
    back: (b) => backPockets(b),
  })
}

export function trousers(ctx: Ctx, view: View): Drawing {
  const { wide, cropped, formal } = ctx.traits
  const spec: LegSpec = {
    waistY: 58,
    wb: wide ? 24 : 18,
    waistW: wide ? 74 : 76,
    hipY: 152,
    hipW: wide ? 92 : 88,
    crotchY: 214,
    hemY: cropped ? 432 : 452,
    hemOuter: wide ? 122 : cropped ? 58 : 70,
    hemInner: wide ? 3 : cropped ? 18 : 11,
  }
  const creases = (b: Bottom) => {
    if (wide) {
      let d = ''
      for (const side of [-1, 1] as const) {
        for (const k of [0.3, 0.65]) {
          const x0 = CX + side * (20 + k * 50)
          const x1 = CX + side * (12 + k * 100)
          d += T.fold(
            ctx,
            `M${n(x0)},${n(spec.hipY + 10)}Q${n((x0 + x1) / 2 + side * 4)},${n(330)} ${n(x1)},${n(spec.hemY)}`,
            0.9,
          )
        }
      }
      return g({ 'clip-path': b.clip }, d)
    }
    let d = ''
    for (const side of [-1, 1] as const) {
      const top = b.sh.legCentre(spec.hipY)
      const bottom = b.sh.legCentre(spec.hemY)
      const x0 = CX + side * (top - CX)
      const x1 = CX + side * (bottom - CX)
      d += path(`M${n(x0)},${n(spec.hipY - 20)}L${n(x1)},${n(spec.hemY)}`, {
        stroke: '#fff',
        'stroke-width': 2,
        opacity: isDark(ctx.pal.main) ? 0.12 : 0.2,
        transform: 'translate(1.2 0)',
      })
      d += T.seam(
        `M${n(x0)},${n(spec.hipY - 20)}L${n(x1)},${n(spec.hemY)}`,
        '#000',
        1,
        isDark(ctx.pal.main) ? 0.4 : 0.22,
      )
    }
    return g({ 'clip-path': b.clip }, d)
  }
  return drawLegs(ctx, view, {
    spec,
    waistband: wide ? 'elastic' : 'trouser',
    hem: 'none',
    denim: false,
    focus: wide ? pt(CX - 40, 110) : pt(CX - 40, 98),
    front: (b) =>
      creases(b) +
      (wide
        ? ''
        : slantPocket(b, -1) +
          slantPocket(b, 1) +
          fly(b, false) +
          (formal
            ? g(
                { 'clip-path': b.clip },
                T.fold(ctx, `M${n(CX - 30)},${n(b.sh.wbB)}L${n(CX - 31)},${n(b.sh.wbB + 36)}`) +
                  T.fold(ctx, `M${n(CX + 30)},${n(b.sh.wbB)}L${n(CX + 31)},${n(b.sh.wbB + 36)}`),
              )
            : '')),
    back: (b) =>
      creases(b) +
      (wide
        ? g(
            { 'clip-path': b.clip },
            T.seam(`M${n(CX)},${n(b.sh.wbB)}L${n(CX)},${n(spec.crotchY)}`, ctx.pal.outline, 1, 0.8),
          )
        : weltPockets(b)),
  })
}

export function shorts(ctx: Ctx, view: View): Drawing {
  const { denim, cargo } = ctx.traits
  const spec: LegSpec = {
    waistY: 110,
    wb: 20,
    waistW: 80,
    hipY: 196,
    hipW: 92,
    crotchY: 258,
    hemY: 372,
    hemOuter: 106,
    hemInner: 6,
  }
  const cargoPockets = () => {
    let out = ''
    for (const side of [-1, 1] as const) {
      const x = CX + side * 80 - 18
      const y = spec.crotchY - 12
      out += T.patchPocket(ctx, x, y + 10, 36, 44, fabric(ctx), { outline: ctx.pal.outline })
      const flap = `M${n(x - 1)},${n(y + 6)}h38v14h-38Z`
      out +=
        path(flap, { fill: '#000', opacity: 0.16, transform: 'translate(0 2)' }) +
        T.piece(flap, fabric(ctx), ctx.pal.outline, 1) +
        T.stitch(`M${n(x + 2)},${n(y + 17)}h32`, ctx.pal.seam, 0.6)
      out += T.button(ctx, pt(x + 18, y + 15), 2.4, darken(ctx.pal.main, 0.35))
    }
    return out
  }
  return drawLegs(ctx, view, {
    spec,
    waistband: 'jeans',
    hem: 'turnup',
    hemH: 16,
    denim,
    focus: cargo ? pt(CX - 74, 266) : pt(CX - 56, 150),
    front: (b) =>
      (denim ? scoopPocket(b, -1, true) + scoopPocket(b, 1, true) : slantPocket(b, -1) + slantPocket(b, 1)) +
      fly(b, denim) +
      (cargo ? cargoPockets() : ''),
    back: (b) => (denim ? backPockets(b) : weltPockets(b)),
  })
}

export function joggers(ctx: Ctx, view: View): Drawing {
  const spec: LegSpec = {
    waistY: 56,
    wb: 28,
    waistW: 78,
    hipY: 156,
    hipW: 90,
    crotchY: 218,
    hemY: 452,
    hemOuter: 56,
    hemInner: 22,
    knee: { y: 380, outer: 74, inner: 12 },
  }
  const bunching = (b: Bottom) => {
    let d = ''
    const y = spec.hemY - 24
    for (const side of [-1, 1] as const) {
      const c = CX + side * ((spec.hemOuter + spec.hemInner) / 2)
      for (let i = 0; i < 3; i++) {
        const yy = y - 6 - i * 13
        const w = 20 + i * 4
        d += T.fold(ctx, `M${n(c - w)},${n(yy + 3)}Q${n(c)},${n(yy - 6 + (i % 2) * 4)} ${n(c + w)},${n(yy + 2)}`, 0.9)
      }
    }
    return g({ 'clip-path': b.clip }, d)
  }
  return drawLegs(ctx, view, {
    spec,
    waistband: 'elastic',
    hem: 'rib',
    hemH: 24,
    denim: false,
    focus: pt(CX + 4, 104),
    front: (b) =>
      bunching(b) +
      slantPocket(b, -1) +
      slantPocket(b, 1) +
      g(
        { 'clip-path': b.clip },
        T.seam(`M${n(CX)},${n(b.sh.wbB)}L${n(CX)},${n(spec.crotchY)}`, ctx.pal.outline, 1, 0.7),
      ) +
      T.drawstring(ctx, pt(CX - 7, spec.waistY + 15), 48, -5) +
      T.drawstring(ctx, pt(CX + 7, spec.waistY + 15), 54, 6),
    back: (b) =>
      bunching(b) +
      g(
        { 'clip-path': b.clip },
        T.seam(`M${n(CX)},${n(b.sh.wbB)}L${n(CX)},${n(spec.crotchY)}`, ctx.pal.outline, 1, 0.8),
      ),
  })
}

export function skirt(ctx: Ctx, view: View): Drawing {
  const { pal, defs, traits } = ctx
  const denim = traits.denim
  const pleated = traits.pleated
  const elastic = !denim && !pleated
  const waistY = pleated ? 60 : 92
  const wb = elastic ? 22 : 18
  const waistW = 68
  const hemY = pleated ? 444 : traits.kids ? 372 : 396
  const hemW = pleated ? 134 : denim ? 116 : 130
  const curve = 12
  const wbB = waistY + wb
  const topR = pt(CX + waistW, waistY)
  const start = pt(CX + waistW + 0.5, wbB)
  const hemR = pt(CX + hemW, hemY)
  const side: Seg = {
    c1: pt(start.x + 8, wbB + (hemY - wbB) * 0.3),
    c2: pt(hemR.x - 12, hemY - (hemY - wbB) * 0.35),
    to: hemR,
  }
  const k = (curve * 4) / 3
  const body = `M${p(mirror(topR))}Q${n(CX)},${n(waistY + 3)} ${p(topR)}L${p(start)}${segPath(side)}C${n(CX + hemW * 0.36)},${n(hemY + k)} ${n(CX - hemW * 0.36)},${n(hemY + k)} ${n(CX - hemW)},${n(hemY)}${mirroredReverse(start, [side])}Z`
  const band = `M${p(mirror(topR))}Q${n(CX)},${n(waistY + 3)} ${p(topR)}L${p(start)}Q${n(CX)},${n(wbB + 3)} ${p(mirror(start))}Z`
  const inside = `M${p(mirror(topR))}Q${n(CX)},${n(waistY - 9)} ${p(topR)}Q${n(CX)},${n(waistY + 3)} ${p(mirror(topR))}Z`
  const clipId = defs.add('clip-skirt', (id) => el('clipPath', { id }, path(body)))
  const clip = `url(#${clipId})`
  const hemAt = (x: number) => {
    const t = 1 - Math.abs(x - CX) / hemW
    return hemY + curve * (1 - (1 - t) * (1 - t))
  }

  let out = T.piece(body, fabric(ctx), 'none', 0)
  if (denim) out += T.overlay(body, twill(ctx))
  out += T.overlay(body, volume(ctx, pt(CX - hemW, 0), pt(CX + hemW, 0), 1))
  let lines = ''
  if (pleated) {
    const count = 16
    for (let i = 1; i < count; i++) {
      const xt = CX - waistW + (2 * waistW * i) / count
      const xb = CX - hemW + (2 * hemW * i) / count
      const xt2 = CX - waistW + (2 * waistW * (i + 0.45)) / count
      const xb2 = CX - hemW + (2 * hemW * (i + 0.45)) / count
      lines += T.overlay(
        `M${n(xt)},${n(wbB)}L${n(xb)},${n(hemAt(xb) + 4)}L${n(xb2)},${n(hemAt(xb2) + 4)}L${n(xt2)},${n(wbB)}Z`,
        '#000',
        0.09,
      )
      lines += T.fold(ctx, `M${n(xt)},${n(wbB)}L${n(xb)},${n(hemAt(xb) + 4)}`, 0.9)
    }
  } else {
    for (let i = 0; i < 5; i++) {
      const t = (i + 0.5) / 5
      const xt = CX - waistW * 0.7 + 1.4 * waistW * t
      const xb = CX - hemW * 0.8 + 1.6 * hemW * t + (jitter(ctx.seed, i) - 0.5) * 12
      const yTop = wbB + 40 + jitter(ctx.seed, i + 5) * 60
      lines += T.fold(
        ctx,
        `M${n(lerp(pt(xt, wbB), pt(xb, hemY), (yTop - wbB) / (hemY - wbB)).x)},${n(yTop)}Q${n(xb + 4)},${n((yTop + hemY) / 2)} ${n(xb)},${n(hemAt(xb))}`,
        0.8,
      )
    }
  }
  if (denim)
    lines += T.stitch(
      `M${n(CX - 200)},${n(hemY - 4)}Q${n(CX)},${n(hemY + curve - 4)} ${n(CX + 200)},${n(hemY - 4)}`,
      pal.accent,
      0.7,
    )
  out += g({ 'clip-path': clip }, lines)
  out += T.piece(body, 'none', pal.outline, 1.3)

  // Waistband
  out +=
    T.piece(band, fabric(ctx), 'none', 0) + T.overlay(band, volume(ctx, pt(CX - waistW, 0), pt(CX + waistW, 0), 0.8))
  if (elastic) {
    let ruche = ''
    for (let x = CX - waistW + 4; x < CX + waistW - 2; x += 5.5)
      ruche += `M${n(x)},${n(waistY + 3)}Q${n(x + 2)},${n(waistY + wb / 2)} ${n(x)},${n(wbB - 1)}`
    out += g({ 'clip-path': clip }, T.seam(ruche, '#000', 1, 0.22))
  }
  out += g(
    { 'clip-path': clip },
    T.stitch(
      `M${n(CX - waistW)},${n(waistY + 2.5)}Q${n(CX)},${n(waistY + 5.5)} ${n(CX + waistW)},${n(waistY + 2.5)}M${n(CX - waistW)},${n(wbB - 2.5)}Q${n(CX)},${n(wbB + 0.5)} ${n(CX + waistW)},${n(wbB - 2.5)}`,
      denim ? pal.accent : pal.seam,
      0.6,
    ),
  )
  out += T.piece(band, 'none', pal.outline, 1.1)

  // Pockets and stitching are placed as on jeans, with the skirt's own measurements.
  const frame: Frame = {
    ctx,
    s: { waistY, wb, waistW, hipY: wbB + 70, hipW: waistW + 16, crotchY: hemY, hemY, hemOuter: hemW, hemInner: 0 },
    wbB,
    clip,
  }
  if (denim) {
    if (view === 'front') {
      out += scoopPocket(frame, -1, true) + scoopPocket(frame, 1, true)
      out += g(
        { 'clip-path': clip },
        T.seam(`M${n(CX + 8)},${n(wbB)}L${n(CX + 8)},${n(hemAt(CX) + 2)}`, pal.outline, 1, 0.85) +
          T.stitch(`M${n(CX + 11)},${n(wbB)}L${n(CX + 11)},${n(hemAt(CX))}`, pal.accent, 0.7),
      )
      out += T.shank(ctx, pt(CX, waistY + wb / 2 + 1), 4)
      for (const c of T.spaced(pt(CX + 1, wbB + 26), pt(CX + 1, hemY - 40), 4)) out += T.shank(ctx, c, 3.4)
    } else {
      out += backPockets(frame)
    }
  }
  if (denim) {
    const loops =
      view === 'front' ? [-waistW + 12, -waistW * 0.42, waistW * 0.42, waistW - 12] : [-waistW + 14, 0, waistW - 14]
    for (const dx of loops) {
      const r = `M${n(CX + dx - 3)},${n(waistY - 2)}h6v${n(wb + 5)}h-6Z`
      out += T.piece(r, fabric(ctx), pal.outline, 0.9)
    }
  }

  const behind = T.piece(inside, pal.inside, pal.outline, 1)
  return {
    behind,
    body: out,
    box: { x0: CX - hemW - 2, x1: CX + hemW + 2, y0: waistY - 9, y1: hemY + curve + 3 },
    focus: denim ? pt(CX - 36, wbB + 30) : pleated ? pt(CX - 30, wbB + 60) : pt(CX - 20, wbB + 40),
    fold: { top: waistY, halfW: waistW + 26, drop: 0, neckW: 0, raise: 10, bottom: waistY + 170 },
    shoulders: null,
  }
}
