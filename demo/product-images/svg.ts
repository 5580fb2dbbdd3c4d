// Small SVG and 2-D geometry helpers shared by every drawing.

export interface Pt {
  x: number
  y: number
}

export const pt = (x: number, y: number): Pt => ({ x, y })
export const add = (a: Pt, b: Pt): Pt => pt(a.x + b.x, a.y + b.y)
export const sub = (a: Pt, b: Pt): Pt => pt(a.x - b.x, a.y - b.y)
export const mul = (a: Pt, k: number): Pt => pt(a.x * k, a.y * k)
export const lerp = (a: Pt, b: Pt, t: number): Pt => pt(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
export const dist = (a: Pt, b: Pt) => Math.hypot(b.x - a.x, b.y - a.y)
export const unit = (a: Pt): Pt => mul(a, 1 / (Math.hypot(a.x, a.y) || 1))
/** The left-hand normal of a direction (rotated 90 degrees). */
export const normal = (d: Pt): Pt => pt(-d.y, d.x)
/** Point along a -> b at t, pushed sideways by `off` (positive: to the left of a -> b in screen space). */
export const along = (a: Pt, b: Pt, t: number, off = 0): Pt => add(lerp(a, b, t), mul(normal(unit(sub(b, a))), off))

/** The canvas every drawing uses; views scale it to the output width. */
export const W = 400
export const H = 500
export const CX = W / 2

export const mirror = (p: Pt, cx = CX): Pt => pt(2 * cx - p.x, p.y)

/** Number formatting that keeps SVG text short. */
export const n = (v: number) => String(Math.round(v * 10) / 10)
/** "x,y" */
export const p = (a: Pt) => `${n(a.x)},${n(a.y)}`

export type Attrs = Record<string, string | number | undefined | null | false>

function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? n(v) : v}"`)
    .join('')
}

const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse'])

/**
 * One SVG element; children make it a container. On a single shape, `opacity` becomes
 * fill-opacity / stroke-opacity: the same look, but the renderer needs no offscreen layer.
 */
export function el(tag: string, a: Attrs, children?: string): string {
  if (SHAPES.has(tag) && a.opacity !== undefined && a.opacity !== null && a.opacity !== false) {
    const { opacity, ...rest } = a
    const stroked = rest.stroke !== undefined && rest.stroke !== 'none'
    const filled = rest.fill !== 'none'
    a = { ...rest, 'fill-opacity': filled ? opacity : undefined, 'stroke-opacity': stroked ? opacity : undefined }
  }
  return children === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${children}</${tag}>`
}

export const path = (d: string, a: Attrs = {}) => el('path', { d, ...a })
export const g = (a: Attrs, children: string) => el('g', a, children)

/** A closed smooth outline through points (Catmull-Rom turned into cubic Béziers). */
export function smoothClosed(points: Pt[], tension = 1): string {
  const k = tension / 6
  const m = points.length
  let d = `M${p(points[0]!)}`
  for (let i = 0; i < m; i++) {
    const p0 = points[(i - 1 + m) % m]!
    const p1 = points[i]!
    const p2 = points[(i + 1) % m]!
    const p3 = points[(i + 2) % m]!
    const c1 = add(p1, mul(sub(p2, p0), k))
    const c2 = sub(p2, mul(sub(p3, p1), k))
    d += `C${p(c1)} ${p(c2)} ${p(p2)}`
  }
  return d + 'Z'
}

/** A line a -> b made of `count` small outward bumps (quilting, gathered edges). */
export function scallops(a: Pt, b: Pt, count: number, bulge: number): string {
  let d = ''
  for (let i = 0; i < count; i++) {
    const s = lerp(a, b, i / count)
    const e = lerp(a, b, (i + 1) / count)
    d += `Q${p(along(s, e, 0.5, bulge))} ${p(e)}`
  }
  return d
}

/**
 * The <defs> of one picture. Pieces register gradients and patterns by a key and get an id back;
 * the same key returns the same id, so shared shading is defined once.
 */
export class Defs {
  private readonly items = new Map<string, { id: string; markup: string }>()
  private readonly prefix: string

  constructor(prefix = 'd') {
    this.prefix = prefix
  }

  add(key: string, make: (id: string) => string): string {
    const found = this.items.get(key)
    if (found) return found.id
    const id = `${this.prefix}${this.items.size}`
    this.items.set(key, { id, markup: make(id) })
    return id
  }

  toString(): string {
    return [...this.items.values()].map((i) => i.markup).join('')
  }
}

/** A small stable hash (FNV-1a) for per-product variation without randomness. */
export function hash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** A deterministic value in [0, 1) from a seed and a salt. */
export const jitter = (seed: number, salt: number) => (hash(`${seed}:${salt}`) % 10000) / 10000

/** One step of an outline: a line, or a cubic curve when both controls are given. */
export interface Seg {
  c1?: Pt
  c2?: Pt
  to: Pt
}

export const segPath = (s: Seg) => (s.c1 && s.c2 ? `C${p(s.c1)} ${p(s.c2)} ${p(s.to)}` : `L${p(s.to)}`)

/** Walks a chain of segments that started at `start` backwards, mirrored about the centre line. */
export function mirroredReverse(start: Pt, segs: Seg[], cx = CX): string {
  const pts = [start, ...segs.map((s) => s.to)]
  let d = ''
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i]!
    const to = mirror(pts[i]!, cx)
    d += s.c1 && s.c2 ? `C${p(mirror(s.c2, cx))} ${p(mirror(s.c1, cx))} ${p(to)}` : `L${p(to)}`
  }
  return d
}
