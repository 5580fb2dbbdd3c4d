// The geometry of every upper-body garment: a torso (neck, shoulders, armholes, sides, hem)
// and two sleeves, built from a handful of measurements. T-shirts, shirts, kurtas, hoodies,
// jackets and coats differ only in these numbers and in the trims drawn on top.

import {
  CX,
  add,
  along,
  dist,
  lerp,
  mirror,
  mirroredReverse,
  mul,
  p,
  pt,
  segPath,
  sub,
  type Pt,
  type Seg,
} from './svg.ts'

export interface SleeveSpec {
  /** Along the outer edge, shoulder to cuff. */
  len: number
  /** Degrees away from hanging straight down. */
  angle: number
  /** Width at the cuff. */
  cuffW: number
  /** Length of the cuff band (0: none). */
  cuff: number
  /** A fluttered, wavy sleeve end. */
  flutter?: boolean
  /** Quilted channels: the edges bulge between seams this far apart (along the sleeve). */
  quilt?: number
}

export interface TopSpec {
  /** y of the neck points. */
  top: number
  neckW: number
  neckDepth: number
  backNeckDepth: number
  neckline: 'round' | 'v'
  shoulderW: number
  shoulderDrop: number
  chestW: number
  /** Underarm, below top. */
  armhole: number
  waist?: { y: number; w: number }
  hemW: number
  /** Side hem, below top. */
  length: number
  /** How much lower the hem is at the centre than at the sides. */
  hemCurve: number
  sleeve: SleeveSpec | null
  /** Side slits (kurta): their height. */
  slit?: number
  /** Quilted channels (puffers): the sides bulge between seams every `h` from `y0`. */
  quilt?: { y0: number; h: number }
  /** A softly waved hem (flared skirts): the number of waves. */
  hemWaves?: number
}

export type Side = -1 | 1

export interface SleeveGeom {
  side: Side
  /** Shoulder point, underarm point, outer and inner cuff corners, cuff-band top corners. */
  S: Pt
  U: Pt
  A: Pt
  B: Pt
  A2: Pt
  B2: Pt
  /** Down the sleeve, and across it toward the body. */
  d: Pt
  across: Pt
  /** The sleeve's turn in degrees (for patterns that follow it). */
  turn: number
  outline: string
  cuff: string | null
}

export function topShape(spec: TopSpec) {
  const { top } = spec
  const N = pt(CX - spec.neckW, top)
  const S = pt(CX - spec.shoulderW, top + spec.shoulderDrop)
  const U = pt(CX - spec.chestW, top + spec.armhole)
  const Wa = spec.waist ? pt(CX - spec.waist.w, top + spec.waist.y) : null
  const hemY = top + spec.length
  const Hm = pt(CX - spec.hemW, hemY)
  const sleeveless = !spec.sleeve
  const hemCentreY = hemY + spec.hemCurve

  // The left side of the outline, from the neck point down to where the hem starts.
  const left: Seg[] = [{ to: S }]
  const dy = U.y - S.y
  left.push(
    sleeveless
      ? { c1: pt(S.x + 6, S.y + dy * 0.55), c2: pt(U.x + 6, U.y - dy * 0.2), to: U }
      : { c1: pt(S.x + 1, S.y + dy * 0.5), c2: pt(U.x - 2, U.y - dy * 0.25), to: U },
  )
  let from = U
  if (Wa) {
    const k = Wa.y - from.y
    left.push({ c1: pt(from.x, from.y + k * 0.4), c2: pt(Wa.x, Wa.y - k * 0.35), to: Wa })
    from = Wa
  }
  const slitTop = spec.slit ? pt(Hm.x + (from.x - Hm.x) * (spec.slit / (Hm.y - from.y)), Hm.y - spec.slit) : null
  const sideEnd = slitTop ?? Hm
  if (spec.quilt && !slitTop) {
    // Puffed channels: one outward bulge between each pair of quilting seams.
    const ys = [from.y]
    for (let y = spec.quilt.y0; y < Hm.y - 8; y += spec.quilt.h) if (y > from.y + 8) ys.push(y)
    ys.push(Hm.y)
    const at = (y: number) => lerp(from, Hm, (y - from.y) / (Hm.y - from.y))
    for (let i = 1; i < ys.length; i++) left.push(bump(at(ys[i - 1]!), at(ys[i]!), 3.5))
  } else {
    const k = sideEnd.y - from.y
    const flare = Hm.x < from.x - 8
    left.push({
      c1: pt(from.x + (flare ? (Hm.x - from.x) * 0.15 : 0), from.y + k * 0.38),
      c2: pt(sideEnd.x + (flare ? (from.x - Hm.x) * 0.08 : 0), sideEnd.y - k * 0.3),
      to: sideEnd,
    })
  }
  const hemStart = slitTop ? pt(Hm.x + 5, Hm.y) : Hm
  if (slitTop) left.push({ to: hemStart })

  const leftChain = (): string => left.map(segPath).join('')
  // The mirrored chain walked backwards: from the right hem start up to the right neck point.
  const rightChainUp = (): string => mirroredReverse(N, left)
  const hem = (lift = 0): string => {
    const k = (spec.hemCurve * 4) / 3
    const c1 = pt(hemStart.x + (CX - hemStart.x) * 0.36, hemY + k - lift)
    const end = pt(2 * CX - hemStart.x, hemStart.y - lift)
    if (!spec.hemWaves || lift) return `C${p(c1)} ${p(pt(2 * CX - c1.x, c1.y))} ${p(end)}`
    // A waved hem: follow the same curve, bulging down between the folds.
    let d = ''
    const w = spec.hemWaves
    const at = (t: number) => {
      const u = 1 - t
      const a = pt(hemStart.x, hemStart.y)
      const b = pt(2 * CX - c1.x, c1.y)
      return pt(
        u * u * u * a.x + 3 * u * u * t * c1.x + 3 * u * t * t * b.x + t * t * t * end.x,
        u * u * u * a.y + 3 * u * u * t * c1.y + 3 * u * t * t * b.y + t * t * t * end.y,
      )
    }
    for (let i = 0; i < w; i++) {
      const m = at((i + 0.5) / w)
      d += `Q${p(pt(m.x, m.y + 9))} ${p(at((i + 1) / w))}`
    }
    return d
  }

  /** Neckline from the right neck point to the left one. */
  const neckCurve = (depth: number, v = false): string => {
    const NR = mirror(N)
    if (v) return `L${p(pt(CX, top + depth))} L${p(N)}`
    const k = (depth * 4) / 3
    return `C${p(pt(NR.x - spec.neckW * 0.06, top + k))} ${p(pt(N.x + spec.neckW * 0.06, top + k))} ${p(N)}`
  }

  const torso = (view: 'front' | 'back', neckDepth = spec.neckDepth): string =>
    `M${p(N)}${leftChain()}${hem()}${rightChainUp()}` +
    neckCurve(view === 'front' ? neckDepth : spec.backNeckDepth, view === 'front' && spec.neckline === 'v') +
    'Z'

  /** The inside of the back neck, seen above a front neckline. */
  const insideNeck = (neckDepth = spec.neckDepth): string => {
    const k = (spec.backNeckDepth * 4) / 3
    const NR = mirror(N)
    return (
      `M${p(N)}C${p(pt(N.x + spec.neckW * 0.1, top + k))} ${p(pt(NR.x - spec.neckW * 0.1, top + k))} ${p(NR)}` +
      neckCurve(neckDepth, spec.neckline === 'v') +
      'Z'
    )
  }

  const sleeve = (side: Side): SleeveGeom | null => {
    const s = spec.sleeve
    if (!s) return null
    const a = (s.angle * Math.PI) / 180
    const Sx = side < 0 ? S : mirror(S)
    const Ux = side < 0 ? U : mirror(U)
    const d = pt(side * Math.sin(a), Math.cos(a))
    const across = pt(-side * Math.cos(a), Math.sin(a))
    const A = add(Sx, mul(d, s.len))
    const B = add(A, mul(across, s.cuffW))
    const tIn = s.cuff ? 1 - s.cuff / dist(Ux, B) : 1
    const A2 = lerp(Sx, A, s.cuff ? 1 - s.cuff / s.len : 1)
    const B2 = lerp(Ux, B, tIn)
    const bulge = add(lerp(Sx, A, 0.3), mul(across, -Math.min(6, s.len * 0.05)))
    const tuck = pt(Ux.x - side * 14, (Sx.y + Ux.y) / 2)
    const end = s.flutter ? flutterEdge(A, B) : `L${p(B)}`
    const inner = lerp(B, Ux, 0.5)
    let outline = `M${p(Sx)}Q${p(bulge)} ${p(A)}${end}` + `Q${p(add(inner, mul(across, 2)))} ${p(Ux)}L${p(tuck)}Z`
    if (s.quilt) {
      // Bulges between the quilting seams, which run across the sleeve every s.quilt along it.
      const ks: number[] = []
      for (let k = s.quilt; k < s.len - s.cuff - 4; k += s.quilt) ks.push(k)
      const dot = (v: Pt) => v.x * d.x + v.y * d.y
      const onInner = (k: number) => lerp(Ux, B, (k - dot(sub(Ux, Sx))) / dot(sub(B, Ux)))
      const outer = [Sx, ...ks.map((k) => add(Sx, mul(d, k)))]
      const innerPts = ks.filter((k) => k > dot(sub(Ux, Sx)) + 8).map(onInner)
      const innerChain = [Ux, ...innerPts]
      let o = `M${p(Sx)}`
      for (let i = 1; i < outer.length; i++) o += segPath(bump(outer[i - 1]!, outer[i]!, side * -3))
      o += `L${p(A)}L${p(B)}`
      for (let i = innerChain.length - 1; i >= 1; i--) {
        if (i === innerChain.length - 1) o += `L${p(innerChain[i]!)}`
        o += segPath(bump(innerChain[i]!, innerChain[i - 1]!, side * -3))
      }
      if (innerChain.length === 1) o += `L${p(Ux)}`
      outline = `${o}L${p(tuck)}Z`
    }
    const cuff = s.cuff ? `M${p(A2)}L${p(A)}L${p(B)}L${p(B2)}Z` : null
    return { side, S: Sx, U: Ux, A, B, A2, B2, d, across, turn: side * -s.angle, outline, cuff }
  }

  return {
    spec,
    N,
    S,
    U,
    Wa,
    Hm,
    hemY,
    hemCentreY,
    top,
    torso,
    insideNeck,
    neckCurve,
    sleeves: [sleeve(-1), sleeve(1)].filter((s): s is SleeveGeom => s !== null),
    hemStart,
    /** The hem curve lifted by `lift` (a stitch line above the hem), as a path. */
    hemLine(lift: number): string {
      return `M${p(pt(hemStart.x + 1.5, hemStart.y - lift))}${hem(lift)}`
    },
    /** The neckline from the right neck point to the left one, as a path. */
    neckLine(view: 'front' | 'back', depth = spec.neckDepth): string {
      return `M${p(mirror(N))}${neckCurve(view === 'front' ? depth : spec.backNeckDepth, view === 'front' && spec.neckline === 'v')}`
    },
    /** x of the left side edge at height y (approximate, for placing pockets and bands). */
    sideX(y: number): number {
      if (y <= U.y) return U.x
      if (Wa && y <= Wa.y) return U.x + ((Wa.x - U.x) * (y - U.y)) / (Wa.y - U.y)
      const f0 = Wa ?? U
      return f0.x + ((Hm.x - f0.x) * (y - f0.y)) / (Hm.y - f0.y)
    },
    /** y of the hem at x (the hem is a gentle curve). */
    hemAt(x: number): number {
      const t = 1 - Math.abs(x - CX) / (CX - hemStart.x)
      return hemY + spec.hemCurve * (1 - (1 - t) * (1 - t))
    },
  }
}

export type TopShape = ReturnType<typeof topShape>

/** A gentle outward bulge from a to b as one cubic (bulge > 0: to the left of a -> b). */
function bump(a: Pt, b: Pt, bulge: number): Seg {
  const q = along(a, b, 0.5, bulge)
  return { c1: lerp(a, q, 2 / 3), c2: lerp(b, q, 2 / 3), to: b }
}

function flutterEdge(A: Pt, B: Pt): string {
  let d = ''
  const waves = 3
  for (let i = 0; i < waves; i++) {
    const s = lerp(A, B, i / waves)
    const e = lerp(A, B, (i + 1) / waves)
    const m = lerp(s, e, 0.5)
    d += `Q${p(pt(m.x, m.y + 7))} ${p(e)}`
  }
  return d
}
