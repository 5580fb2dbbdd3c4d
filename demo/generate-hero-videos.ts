// Renders the home page's four hero loops into public/hero/.
//
//   node scripts/generate-hero-videos.ts
//
// Every frame is an SVG string drawn here (no text, no external images), rasterised with
// sharp, and encoded with ffmpeg into WebM (VP9) and MP4 (H.264), plus a JPEG and a WebP
// poster of the first frame. All motion is sinusoidal with a period equal to the clip
// length, so the last frame flows into the first and the loops are seamless. Nothing is
// random at run time (one seeded generator), so the output is the same on every run.
//
// Soft shadows are blurred at quarter resolution and drawn back in as an upscaled image:
// a full-size SVG blur costs about 100 ms a frame, this costs a few.

import { spawn, spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'

const W = 1280
const H = 720
const FPS = 24
const SECONDS = 5
const FRAMES = FPS * SECONDS
const TAU = Math.PI * 2
/** Encoded files must stay under 500 KB; the CRF is raised until a file fits 400 KB. */
const BUDGET = 400 * 1024
const POOL = Math.max(2, Math.min(4, os.availableParallelism()))

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.join(root, 'public', 'hero')

// ---------------------------------------------------------------------------------------
// Small helpers

/** Number formatting that keeps the SVG short. */
const f = (v: number) => String(Math.round(v * 10) / 10)

type Pt = [number, number]

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function parse(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** Blend two #rrggbb colours: t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = parse(a)
  const y = parse(b)
  const c = (i: 0 | 1 | 2) =>
    Math.round(Math.min(255, Math.max(0, x[i] + (y[i] - x[i]) * t)))
      .toString(16)
      .padStart(2, '0')
  return `#${c(0)}${c(1)}${c(2)}`
}
const darken = (c: string, t: number) => mix(c, '#141320', t)
const lighten = (c: string, t: number) => mix(c, '#fffaf2', t)

type Stop = [offset: number, color: string, opacity?: number]

function stops(list: Stop[]): string {
  return list
    .map(
      ([o, c, a]) =>
        `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('')
}

/** A linear gradient; with coordinates in user space when `user` is true, else in the shape's box. */
function linear(id: string, x1: number, y1: number, x2: number, y2: number, list: Stop[], user = false): string {
  const units = user ? ' gradientUnits="userSpaceOnUse"' : ''
  return `<linearGradient id="${id}" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${units}>${stops(list)}</linearGradient>`
}

function radial(id: string, cx: number, cy: number, r: number, list: Stop[], user = false): string {
  const units = user ? ' gradientUnits="userSpaceOnUse"' : ''
  return `<radialGradient id="${id}" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"${units}>${stops(list)}</radialGradient>`
}

/** Mirror a path drawn for the right half of a symmetric garment (x -> -x). */
const mirrored = (d: string) => `<g transform="scale(-1,1)">${d}</g>`

/** A wave with the clip's period: phase p in turns, t in [0, 1). */
const wave = (t: number, p = 0, cycles = 1) => Math.sin(TAU * (cycles * t + p))

// ---------------------------------------------------------------------------------------
// Frames

interface Drawing {
  svg: string
  layers: SoftLayer[]
}

interface SoftLayer {
  content: string
  blur: number
  opacity: number
}

/** One frame's drawing: an SVG with placeholders for soft (blurred) layers. */
class Frame {
  readonly defs: string[] = []
  readonly layers: SoftLayer[] = []

  /** A soft layer (typically shadows), blurred by `blur` px; returns its placeholder. */
  soft(content: string, blur: number, opacity = 1): string {
    this.layers.push({ content, blur, opacity })
    return `<!--soft:${this.layers.length - 1}-->`
  }

  done(body: string): Drawing {
    return {
      layers: this.layers,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${this.defs.join('')}</defs>${body}</svg>`,
    }
  }
}

/** Darkens the left part of the picture so the page's white headline stays readable. */
function scrim(frame: Frame, color: string, strength: number): string {
  frame.defs.push(
    linear(
      'scrim',
      0,
      0,
      W * 0.62,
      0,
      [
        [0, color, strength],
        [0.42, color, strength * 0.82],
        [0.72, color, strength * 0.3],
        [1, color, 0],
      ],
      true,
    ),
    radial(
      'vignette',
      W * 0.62,
      H * 0.45,
      W * 0.75,
      [
        [0.55, '#000000', 0],
        [1, '#000000', 0.35],
      ],
      true,
    ),
  )
  return `<rect width="${W}" height="${H}" fill="url(#scrim)"/><rect width="${W}" height="${H}" fill="url(#vignette)"/>`
}

// ---------------------------------------------------------------------------------------
// Slot 1: new season (women): draped satin in rose and sand, its folds gently waving.
//
// The cloth is a height field made of a few meandering folds, shaded per pixel (light from
// the upper right, a broad satin sheen). It is computed at half size and scaled up: the
// surface is smooth, so nothing is lost and it costs a quarter of the time.

interface Pixels {
  raw: Buffer
  width: number
  height: number
}

interface Fold {
  /** Slope of the fold. */
  amp: number
  /** Folds per unit of height, across the fold. */
  k: number
  /** Direction across the folds, radians. */
  angle: number
  /** How far the fold meanders, and how often along its length. */
  bend: number
  bendK: number
  phase: number
  /** How far the fold sways sideways over the loop (radians of its phase). */
  sway: number
  /** 0: the meander rocks back and forth; 1: a ripple runs down the fold once per loop. */
  travel: 0 | 1
}

const FOLDS: Fold[] = [
  { amp: 1.0, k: 15, angle: -0.45, bend: 1.6, bendK: 2.4, phase: 0.1, sway: 0.35, travel: 0 },
  { amp: 0.75, k: 8, angle: -0.8, bend: 1.0, bendK: 1.6, phase: 0.55, sway: 0.4, travel: 0 },
  { amp: 0.45, k: 27, angle: -0.3, bend: 0.9, bendK: 3.1, phase: 0.3, sway: 0.5, travel: 1 },
  { amp: 0.16, k: 47, angle: -0.6, bend: 0.7, bendK: 4.2, phase: 0.8, sway: 0.6, travel: 1 },
]

const rgb = (hex: string) => parse(hex).map((v) => v / 255) as [number, number, number]
const smoothstep = (a: number, b: number, x: number) => {
  const u = Math.min(1, Math.max(0, (x - a) / (b - a)))
  return u * u * (3 - 2 * u)
}

function satin(t: number): Pixels {
  const width = W / 2
  const height = H / 2
  const out = Buffer.alloc(width * height * 3)
  const rose = rgb('#c7857f')
  const sand = rgb('#d9bd98')
  const deep = rgb('#4a252a')
  const night = rgb('#1b0e12')
  const sheen = rgb('#fff3e8')
  const steep = 0.95
  // Light from the upper right, viewer straight on.
  const L = (() => {
    const v = [0.5, -0.55, 0.68]
    const n = Math.hypot(v[0]!, v[1]!, v[2]!)
    return v.map((c) => c / n) as [number, number, number]
  })()
  const Hv = (() => {
    const v = [L[0], L[1], L[2] + 1]
    const n = Math.hypot(v[0]!, v[1]!, v[2]!)
    return v.map((c) => c / n) as [number, number, number]
  })()
  const folds = FOLDS.map((fo) => ({
    ...fo,
    cos: Math.cos(fo.angle),
    sin: Math.sin(fo.angle),
    shift: TAU * fo.phase + fo.sway * wave(t, fo.phase * 3),
    flow: fo.travel ? TAU * (t + fo.phase) : TAU * fo.phase + 0.9 * wave(t, fo.phase * 2),
  }))
  let o = 0
  for (let py = 0; py < height; py++) {
    const Y = (py + 0.5) / height
    for (let px = 0; px < width; px++) {
      const X = ((px + 0.5) / width) * (W / H)
      let hX = 0
      let hY = 0
      let h = 0
      for (const fo of folds) {
        const u = X * fo.cos + Y * fo.sin
        const v = -X * fo.sin + Y * fo.cos
        const q = fo.bendK * v + fo.flow
        const arg = fo.k * u + fo.bend * Math.sin(q) + fo.shift
        const c = Math.cos(arg)
        const du = fo.amp * c
        const dv = (fo.amp / fo.k) * c * fo.bend * fo.bendK * Math.cos(q)
        hX += du * fo.cos - dv * fo.sin
        hY += du * fo.sin + dv * fo.cos
        h += (fo.amp / fo.k) * Math.sin(arg)
      }
      // Surface normal and lighting.
      let nx = -steep * hX
      let ny = -steep * hY
      let nz = 1
      const nl = Math.sqrt(nx * nx + ny * ny + 1)
      nx /= nl
      ny /= nl
      nz /= nl
      // Half-Lambert: light wraps softly into the folds, as on satin.
      const diffuse = (0.5 + 0.5 * (nx * L[0] + ny * L[1] + nz * L[2])) ** 2
      const nh = Math.max(0, nx * Hv[0] + ny * Hv[1] + nz * Hv[2])
      const nh4 = nh * nh * nh * nh
      const nh12 = nh4 * nh4 * nh4
      const spec = 0.32 * nh12 * nh12 * nh12 * nh12 * nh12 + 0.14 * nh12
      // Valleys between folds catch less light.
      const cavity = 0.82 + 0.18 * smoothstep(-0.25, 0.25, h)
      // Rose and sand drift across the cloth.
      const tone = 0.5 + 0.5 * Math.sin(2.3 * X - 1.7 * Y + 0.8)
      const lit = Math.min(1, (0.05 + 1.0 * diffuse) * cavity)
      // The left of the picture falls into shadow, for the headline.
      const x01 = px / width
      const fall = 0.1 + 0.9 * smoothstep(0.14, 0.76, x01 + 0.06 * (Y - 0.5))
      for (let ch = 0; ch < 3; ch++) {
        const base = rose[ch]! + (sand[ch]! - rose[ch]!) * tone
        const c = deep[ch]! + (base - deep[ch]!) * lit + sheen[ch]! * spec
        out[o++] = Math.round(255 * Math.min(1, night[ch]! + (c - night[ch]!) * fall))
      }
    }
  }
  return { raw: out, width, height }
}

// ---------------------------------------------------------------------------------------
// Slot 2: men's essentials: a rail of shirts on hangers, gently swaying.

interface Cloth {
  id: string
  main: string
}

function clothDefs(c: Cloth): string {
  const shade = darken(c.main, 0.28)
  const light = lighten(c.main, 0.12)
  return (
    linear(`${c.id}b`, 0, 0, 1, 0, [
      [0, shade],
      [0.18, c.main],
      [0.62, light],
      [0.9, c.main],
      [1, shade],
    ]) +
    linear(`${c.id}v`, 0, 0, 0, 1, [
      [0, '#000000', 0],
      [0.7, '#000000', 0],
      [1, '#000000', 0.16],
    ]) +
    linear(`${c.id}s`, 0, 0, 1, 0, [
      [0, darken(c.main, 0.4)],
      [1, darken(c.main, 0.2)],
    ])
  )
}

/** The hook and the visible top of a hanger; the pivot (on the rail) is at (0, 0). */
const HOOK = `<path d="M0,34 L0,8 C0,-13 17,-13 17,1" fill="none" stroke="#c8ccd2" stroke-width="3.2" stroke-linecap="round"/><path d="M0,34 L0,8 C0,-13 17,-13 17,1" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="1" transform="translate(-0.8,-0.6)"/>`

/** Outline used for the wall shadow of every garment on the rail. */
const SHIRT_SHADOW =
  'M-24,32 L-98,60 L-114,300 L-80,304 L-88,356 C-60,366 -30,392 0,392 C30,392 60,366 88,356 L80,304 L114,300 L98,60 L24,32 Z'

function shirt(c: Cloth, kind: 'oxford' | 'polo' | 'tee' | 'overshirt'): string {
  const fill = `url(#${c.id}b)`
  const shade = darken(c.main, 0.3)
  const deep = darken(c.main, 0.55)
  const line = darken(c.main, 0.35)
  const light = lighten(c.main, 0.18)
  const long = kind === 'oxford' || kind === 'overshirt'
  const hem = kind === 'overshirt' ? 380 : kind === 'oxford' ? 392 : 340
  let s = ''
  // Sleeves hang behind the body.
  const sleeve = long
    ? `<path d="M90,58 C102,120 108,220 113,300 L81,304 C80,226 82,150 84,108 Z" fill="url(#${c.id}s)"/>` +
      `<path d="M111.4,274 L113,300 L81,304 L81,278 Z" fill="${shade}"/><circle cx="104" cy="290" r="2.2" fill="${light}"/>`
    : `<path d="M88,52 L123,128 Q106,140 84,142 L84,100 Z" fill="url(#${c.id}s)"/>` +
      `<path d="M118,117 L123,128 Q106,140 84,142 L84,130 Q104,128 118,117 Z" fill="${shade}"/>`
  s += sleeve + mirrored(sleeve)
  // Body.
  const shoulder = long ? 96 : 92
  const bodyPath = long
    ? `M-22,30 Q0,40 22,30 L${shoulder},58 Q90,82 88,122 L90,${hem - 30} C66,${hem - 26} 40,${hem} 0,${hem} C-40,${hem} -66,${hem - 26} -90,${hem - 30} L-88,122 Q-90,82 -${shoulder},58 Z`
    : `M-26,28 Q0,44 26,28 L${shoulder},52 Q86,80 85,118 L87,${hem} Q0,${hem + 8} -87,${hem} L-85,118 Q-86,80 -${shoulder},52 Z`
  s += `<path d="${bodyPath}" fill="${fill}"/><path d="${bodyPath}" fill="url(#${c.id}v)"/>`
  // Shoulder seams and a yoke line catch the eye as real construction.
  s += `<path d="M${long ? 22 : 26},${long ? 30 : 28} L${shoulder},${long ? 58 : 52} M-${long ? 22 : 26},${long ? 30 : 28} L-${shoulder},${long ? 58 : 52}" stroke="${deep}" stroke-opacity="0.25" stroke-width="1.4"/>`
  if (long) s += `<path d="M-92,78 Q0,90 92,78" fill="none" stroke="${deep}" stroke-opacity="0.18" stroke-width="1.2"/>`
  // Soft drape folds.
  s += `<path d="M-62,130 C-54,200 -60,270 -50,${hem - 20} M58,140 C50,210 56,280 46,${hem - 24} M-20,${hem - 70} C-14,${hem - 40} -18,${hem - 20} -12,${hem - 4}" fill="none" stroke="${deep}" stroke-opacity="0.08" stroke-width="7" stroke-linecap="round"/>`
  // Inside of the neck.
  s += `<path d="M-23,30 Q0,42 23,30 Q0,20 -23,30 Z" fill="${deep}"/>`
  if (kind === 'oxford' || kind === 'overshirt') {
    const big = kind === 'overshirt' ? 1.2 : 1
    s += `<path d="M-24,31 Q0,15 24,31 L22,37 Q0,25 -22,37 Z" fill="${shade}"/>`
    s += `<rect x="-7" y="46" width="14" height="${hem - 52}" fill="${c.main}" opacity="0.5"/>`
    s += `<path d="M-7,48 L-7,${hem - 4} M7,48 L7,${hem - 4}" stroke="${line}" stroke-opacity="0.35" stroke-width="1"/>`
    for (let y = 72; y < hem - 20; y += kind === 'overshirt' ? 62 : 50)
      s += `<circle cx="0" cy="${y}" r="${f(2.6 * big)}" fill="${light}" stroke="${line}" stroke-opacity="0.4" stroke-width="0.8"/>`
    const wing = `<path d="M2,50 L24,30 Q34,40 32,50 L${f(14 * big)},${f(70 * big)} Q8,60 2,50 Z" fill="${light}" stroke="${line}" stroke-opacity="0.3" stroke-width="1"/>`
    s += `<g opacity="0.35" transform="translate(1.5,3)"><path d="M2,50 L24,30 L32,50 L${f(14 * big)},${f(70 * big)} Z" fill="${deep}"/>${mirrored(`<path d="M2,50 L24,30 L32,50 L${f(14 * big)},${f(70 * big)} Z" fill="${deep}"/>`)}</g>`
    s += wing + mirrored(wing)
    const pocket = (x: number, y: number, w: number, h: number) =>
      `<path d="M${x},${y} L${x + w},${y} L${x + w},${y + h} Q${x + w / 2},${y + h + 7} ${x},${y + h} Z" fill="none" stroke="${line}" stroke-opacity="0.4" stroke-width="1.2"/>`
    s += pocket(24, 110, 38, 42)
    if (kind === 'overshirt') {
      s += pocket(-62, 110, 38, 42) + pocket(26, 232, 46, 52) + pocket(-72, 232, 46, 52)
      s += `<path d="M-62,110 L-24,110 L-24,122 L-62,122 Z M24,110 L62,110 L62,122 L24,122 Z" fill="${shade}" opacity="0.45"/>`
    }
  } else {
    // Ribbed crew neck, or a polo's collar and short placket.
    s += `<path d="M-26,28 Q0,44 26,28" fill="none" stroke="${shade}" stroke-width="6"/>`
    if (kind === 'polo') {
      s += `<rect x="-6" y="38" width="12" height="52" fill="${c.main}" stroke="${line}" stroke-opacity="0.35"/>`
      s += `<circle cx="0" cy="52" r="2.2" fill="${light}"/><circle cx="0" cy="72" r="2.2" fill="${light}"/>`
      const collar = `<path d="M1,38 L26,27 Q36,38 34,50 L18,62 Q8,52 1,38 Z" fill="${lighten(c.main, 0.08)}" stroke="${line}" stroke-opacity="0.35"/>`
      s += collar + mirrored(collar)
      s += `<path d="M-85,${hem - 10} L85,${hem - 10}" stroke="${shade}" stroke-opacity="0.4" stroke-width="1.5"/>`
    }
  }
  return HOOK + s
}

/** A neat stack of folded shirts on the bench. */
function foldedStack(colors: string[]): string {
  let s = ''
  colors.forEach((c, i) => {
    const y = -i * 26
    s += `<rect x="-92" y="${y - 26}" width="184" height="26" rx="8" fill="${c}"/>`
    s += `<rect x="-92" y="${y - 26}" width="184" height="10" rx="6" fill="${lighten(c, 0.16)}"/>`
    s += `<rect x="-92" y="${y - 8}" width="184" height="8" rx="4" fill="${darken(c, 0.25)}"/>`
    s += `<path d="M-60,${y - 15} L60,${y - 15}" stroke="${darken(c, 0.2)}" stroke-opacity="0.35" stroke-width="1"/>`
  })
  return s
}

const RAIL_Y = 104
const RACK = [
  { x: 560, kind: 'oxford', main: '#eeeae2', phase: 0 },
  { x: 758, kind: 'polo', main: '#223454', phase: 0.18 },
  { x: 952, kind: 'overshirt', main: '#5f6740', phase: 0.37 },
  { x: 1146, kind: 'tee', main: '#dcd6ca', phase: 0.55 },
  { x: 1336, kind: 'oxford', main: '#33476b', phase: 0.74 },
] as const

function rail(t: number): Drawing {
  const fr = new Frame()
  fr.defs.push(
    linear(
      'wall2',
      0,
      0,
      W,
      0,
      [
        [0, '#141c2b'],
        [0.4, '#27334a'],
        [1, '#3b4a62'],
      ],
      true,
    ),
    radial(
      'spot2',
      930,
      120,
      720,
      [
        [0, '#f3e6cf', 0.42],
        [0.45, '#c9b99c', 0.12],
        [1, '#c9b99c', 0],
      ],
      true,
    ),
    linear(
      'floor2',
      0,
      600,
      0,
      H,
      [
        [0, '#2a2a2e'],
        [1, '#141418'],
      ],
      true,
    ),
    linear('wood2', 0, 0, 0, 1, [
      [0, '#a57b52'],
      [0.3, '#8a6442'],
      [1, '#5e4330'],
    ]),
    linear('bar2', 0, 0, 0, 1, [
      [0, '#f3f4f6'],
      [0.45, '#a9aeb7'],
      [1, '#5b6170'],
    ]),
  )
  const cloths = RACK.map((r, i) => ({ id: `c${i}`, main: r.main }))
  for (const c of cloths) fr.defs.push(clothDefs(c))

  let body = `<rect width="${W}" height="${H}" fill="url(#wall2)"/>`
  // Wall panel seams for a sense of place.
  body += `<path d="M420,0 L420,640 M1240,0 L1240,640" stroke="#000000" stroke-opacity="0.14" stroke-width="2"/>`
  body += `<rect width="${W}" height="${H}" fill="url(#spot2)"/>`
  body += `<rect y="652" width="${W}" height="68" fill="url(#floor2)"/><rect y="652" width="${W}" height="2" fill="#ffffff" opacity="0.06"/>`

  const angles = RACK.map((r) => 2.4 * wave(t, r.phase))
  const sway = (i: number) =>
    `translate(${RACK[i]!.x},${RAIL_Y}) rotate(${(Math.round(angles[i]! * 100) / 100).toString()}) scale(1.08)`
  // Shadows of the garments and the rail on the wall.
  let shadows = `<rect x="440" y="${RAIL_Y + 6}" width="900" height="8" rx="4" fill="#000"/>`
  RACK.forEach((_, i) => {
    shadows += `<g transform="translate(16,22) ${sway(i)}"><path d="${SHIRT_SHADOW}" fill="#000"/></g>`
  })
  shadows += `<rect x="760" y="612" width="520" height="46" rx="6" fill="#000"/>`
  body += fr.soft(shadows, 16, 0.5)
  // The rail and its wall bracket.
  body += `<rect x="452" y="${RAIL_Y - 60}" width="10" height="64" rx="3" fill="#5b6170"/><rect x="440" y="${RAIL_Y - 70}" width="34" height="14" rx="4" fill="#3b404b"/>`
  body += `<rect x="440" y="${RAIL_Y - 5}" width="900" height="10" rx="5" fill="url(#bar2)"/>`
  RACK.forEach((r, i) => {
    body += `<g transform="${sway(i)}">${shirt(cloths[i]!, r.kind)}</g>`
  })
  // The spotlight falls on the garments too.
  body += `<rect width="${W}" height="${H}" fill="url(#spot2)" opacity="0.45"/>`
  // A low oak bench with folded shirts.
  body += `<rect x="760" y="598" width="520" height="20" rx="4" fill="url(#wood2)"/><rect x="790" y="618" width="16" height="38" fill="#4a3526"/><rect x="1240" y="618" width="16" height="38" fill="#4a3526"/>`
  body += `<g transform="translate(1010,598)">${foldedStack(['#223454', '#eeeae2', '#5f6740'])}</g>`
  body += scrim(fr, '#0b111d', 0.7)
  return fr.done(body)
}

// ---------------------------------------------------------------------------------------
// Slot 3: kids: small garments and soft shapes floating.

/** A soft, lit-from-the-upper-left fill for a small garment: returns its gradient and a reference. */
function plush(id: string, main: string): [defs: string, fill: string] {
  return [
    `<defs>${linear(id, 0.15, 0, 0.85, 1, [
      [0, lighten(main, 0.22)],
      [0.5, main],
      [1, darken(main, 0.12)],
    ])}</defs>`,
    `url(#${id})`,
  ]
}

function kidsTee(main: string, print: string): string {
  const [defs, fill] = plush('teefill', main)
  const d = 'M-24,0 Q0,14 24,0 L58,12 L84,48 L62,62 L52,50 L52,122 Q0,128 -52,122 L-52,50 L-62,62 L-84,48 L-58,12 Z'
  return (
    defs +
    `<path d="${d}" fill="${fill}" stroke="${fill}" stroke-width="10" stroke-linejoin="round"/>` +
    `<path d="M-24,0 Q0,14 24,0" fill="none" stroke="${darken(main, 0.18)}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M0,76 C-18,62 -16,44 -4,46 C0,47 0,50 0,52 C0,50 0,47 4,46 C16,44 18,62 0,76 Z" fill="${print}" transform="translate(0,-8)"/>`
  )
}

function kidsDress(main: string, dots: string): string {
  const d = 'M-26,0 Q0,14 26,0 L36,6 L38,42 Q33,50 30,56 L74,150 Q0,168 -74,150 L-30,56 Q-33,50 -38,42 L-36,6 Z'
  const [defs, fill] = plush('dressfill', main)
  let s = `${defs}<clipPath id="dressclip"><path d="${d}"/></clipPath>`
  s += `<path d="${d}" fill="${fill}" stroke="${fill}" stroke-width="8" stroke-linejoin="round"/>`
  s += `<g clip-path="url(#dressclip)" fill="${dots}" opacity="0.9">`
  for (let y = 74; y < 170; y += 20)
    for (let x = -80 + ((y / 20) % 2) * 10; x < 80; x += 20) s += `<circle cx="${x}" cy="${y}" r="3.4"/>`
  s += `</g>`
  s += `<path d="M-31,52 Q0,60 31,52" fill="none" stroke="${darken(main, 0.15)}" stroke-width="7" stroke-linecap="round"/>`
  s += `<path d="M0,3 C-6,10 -22,14 -24,2 Q-14,-4 0,3 Z M0,3 C6,10 22,14 24,2 Q14,-4 0,3 Z" fill="#fffaf2"/>`
  s += `<path d="M-30,150 Q0,164 30,150" fill="none" stroke="#000" stroke-opacity="0.07" stroke-width="10"/>`
  return s
}

function dungarees(main: string, button: string): string {
  const d = 'M-34,8 L34,8 L34,52 L46,58 L50,156 L10,156 L4,96 L-4,96 L-10,156 L-50,156 L-46,58 L-34,52 Z'
  const [defs, fill] = plush('dungfill', main)
  return (
    defs +
    `<path d="M-30,10 L-34,-36 M30,10 L34,-36" stroke="${darken(main, 0.1)}" stroke-width="11" stroke-linecap="round"/>` +
    `<path d="${d}" fill="${fill}" stroke="${fill}" stroke-width="8" stroke-linejoin="round"/>` +
    `<rect x="-18" y="20" width="36" height="26" rx="5" fill="${darken(main, 0.12)}"/>` +
    `<circle cx="-26" cy="14" r="4" fill="${button}"/><circle cx="26" cy="14" r="4" fill="${button}"/>` +
    `<path d="M-46,140 L-10,140 M10,140 L50,140" stroke="${lighten(main, 0.3)}" stroke-width="6"/>` +
    `<path d="M-46,58 L46,58" stroke="${darken(main, 0.15)}" stroke-width="3" stroke-opacity="0.6"/>`
  )
}

function beanie(main: string, pom: string): string {
  const [defs, fill] = plush('beaniefill', main)
  return (
    defs +
    `<path d="M-54,20 C-54,-40 54,-40 54,20 Z" fill="${fill}"/>` +
    `<path d="M-30,-20 C-20,-8 -20,8 -24,20 M0,-30 L0,20 M30,-20 C20,-8 20,8 24,20" fill="none" stroke="${darken(main, 0.12)}" stroke-width="3"/>` +
    `<rect x="-60" y="14" width="120" height="30" rx="12" fill="${darken(main, 0.1)}"/>` +
    `<path d="M-44,18 L-44,40 M-30,18 L-30,40 M-16,18 L-16,40 M-2,18 L-2,40 M12,18 L12,40 M26,18 L26,40 M40,18 L40,40" stroke="${darken(main, 0.22)}" stroke-width="3" stroke-linecap="round"/>` +
    `<circle cx="0" cy="-34" r="17" fill="${pom}"/><circle cx="-5" cy="-39" r="7" fill="#ffffff" opacity="0.35"/>`
  )
}

function sock(main: string, stripe: string): string {
  const d = 'M-14,-50 L14,-50 L14,18 Q14,34 30,36 L52,38 Q66,40 66,52 Q66,64 52,64 L10,64 Q-14,64 -14,40 Z'
  const [defs, fill] = plush('sockfill', main)
  return (
    defs +
    `<clipPath id="sockclip"><path d="${d}"/></clipPath>` +
    `<path d="${d}" fill="${fill}" stroke="${fill}" stroke-width="6" stroke-linejoin="round"/>` +
    `<g clip-path="url(#sockclip)" fill="${stripe}"><rect x="-20" y="-50" width="40" height="10"/><rect x="-20" y="-30" width="40" height="10"/><rect x="-20" y="-10" width="40" height="10"/></g>` +
    `<path d="M40,36 Q66,40 66,52 Q66,64 50,64 Z" fill="${stripe}"/>`
  )
}

function star(r: number, color: string): string {
  const pts: Pt[] = []
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5
    const rr = i % 2 ? r * 0.5 : r
    pts.push([Math.cos(a) * rr, Math.sin(a) * rr])
  }
  return `<path d="M${pts.map((p) => `${f(p[0])},${f(p[1])}`).join(' L')} Z" fill="${color}" stroke="${color}" stroke-width="${f(r * 0.35)}" stroke-linejoin="round"/>`
}

const cloud = (color: string) =>
  `<path d="M-70,20 C-92,20 -92,-12 -66,-12 C-64,-38 -28,-44 -16,-24 C-4,-52 46,-50 48,-14 C74,-18 86,20 60,20 Z" fill="${color}"/>`

interface Floater {
  x: number
  y: number
  scale: number
  bob: number
  tilt: number
  phase: number
  draw: string
  shadow: boolean
}

function kidsFloaters(): Floater[] {
  return [
    // Soft background shapes.
    { x: 1160, y: 150, scale: 1.3, bob: 8, tilt: 0, phase: 0.1, draw: cloud('#ffffff'), shadow: false },
    { x: 700, y: 110, scale: 0.8, bob: 6, tilt: 0, phase: 0.55, draw: cloud('#ffffff'), shadow: false },
    { x: 880, y: 600, scale: 1, bob: 8, tilt: 8, phase: 0.3, draw: star(20, '#ffd86b'), shadow: false },
    { x: 1230, y: 430, scale: 1, bob: 10, tilt: -10, phase: 0.8, draw: star(16, '#ffffff'), shadow: false },
    { x: 610, y: 330, scale: 1, bob: 9, tilt: 12, phase: 0.65, draw: star(14, '#ffb3a7'), shadow: false },
    // Garments.
    { x: 745, y: 260, scale: 1.05, bob: 14, tilt: -7, phase: 0, draw: kidsTee('#ffd66e', '#f47f72'), shadow: true },
    { x: 1000, y: 300, scale: 1.12, bob: 16, tilt: 5, phase: 0.3, draw: kidsDress('#f7948a', '#fff3ea'), shadow: true },
    {
      x: 1190,
      y: 300,
      scale: 0.92,
      bob: 12,
      tilt: 8,
      phase: 0.62,
      draw: dungarees('#7fb8e8', '#ffd66e'),
      shadow: true,
    },
    { x: 600, y: 520, scale: 0.9, bob: 12, tilt: 10, phase: 0.45, draw: beanie('#b8a4f0', '#ffd66e'), shadow: true },
    { x: 1080, y: 565, scale: 0.9, bob: 11, tilt: -14, phase: 0.15, draw: sock('#8fd9be', '#fff3ea'), shadow: true },
  ]
}

function kids(t: number): Drawing {
  const fr = new Frame()
  fr.defs.push(
    linear(
      'bg3',
      0,
      0,
      W,
      H * 0.3,
      [
        [0, '#2a5688'],
        [0.42, '#4a80b6'],
        [1, '#9ccbea'],
      ],
      true,
    ),
    radial(
      'sun3',
      1020,
      420,
      520,
      [
        [0, '#fff2d8', 0.55],
        [1, '#fff2d8', 0],
      ],
      true,
    ),
  )
  let body = `<rect width="${W}" height="${H}" fill="url(#bg3)"/><rect width="${W}" height="${H}" fill="url(#sun3)"/>`
  // A soft rainbow arc and big pale circles behind everything.
  const arcs = ['#f7a59a', '#ffd98a', '#a6e3c9', '#a9cdf5']
  arcs.forEach((c, i) => {
    const r = 330 - i * 34
    body += `<path d="M${960 - r},720 A${r},${r} 0 0 1 ${960 + r},720" fill="none" stroke="${c}" stroke-width="30" opacity="0.55"/>`
  })
  const rnd = random(33)
  for (let i = 0; i < 7; i++) {
    const x = 480 + rnd() * 800
    const y = rnd() * H
    const r = 30 + rnd() * 70
    const dy = 10 * wave(t, rnd())
    body += `<circle cx="${f(x)}" cy="${f(y + dy)}" r="${f(r)}" fill="#ffffff" opacity="${f(0.04 + rnd() * 0.05)}"/>`
  }
  // Confetti dots.
  const confetti = ['#ffd66e', '#f7948a', '#8fd9be', '#b8a4f0', '#ffffff']
  for (let i = 0; i < 26; i++) {
    const x = 470 + rnd() * 810
    const y = 40 + rnd() * 640
    const c = confetti[i % confetti.length]!
    const dy = 7 * wave(t, rnd())
    body += `<circle cx="${f(x)}" cy="${f(y + dy)}" r="${f(3 + rnd() * 4)}" fill="${c}" opacity="0.85"/>`
  }
  const items = kidsFloaters()
  const place = (it: Floater) => {
    const dy = it.bob * wave(t, it.phase)
    const rot = it.tilt + 3 * wave(t, it.phase + 0.25)
    return `translate(${f(it.x)},${f(it.y + dy)}) rotate(${f(rot)}) scale(${it.scale})`
  }
  let shadows = ''
  for (const it of items) if (it.shadow) shadows += `<g transform="translate(10,26) ${place(it)}">${it.draw}</g>`
  body += fr.soft(
    shadows.replace(/fill="[^"]*"/g, 'fill="#0d2440"').replace(/stroke="[^"]*"/g, 'stroke="#0d2440"'),
    14,
    0.35,
  )
  for (const it of items) body += `<g transform="${place(it)}">${it.draw}</g>`
  body += scrim(fr, '#17355c', 0.5)
  return fr.done(body)
}

// ---------------------------------------------------------------------------------------
// Slot 4: winter wear: a cream puffer with a knitted scarf, falling snow.

function puffer(): string {
  const cream = '#efe6d4'
  const seam = '#a8977c'
  let s = ''
  // Sleeves: quilted tubes hanging at the sides, behind the body.
  const sleeve = (() => {
    let g = ''
    const rows = 6
    for (let i = 0; i < rows; i++) {
      const a = i / rows
      const b = (i + 1) / rows
      const ox = (v: number) => 150 + 46 * v
      const ix = (v: number) => 132 + 20 * v
      const y = (v: number) => 100 + 360 * v
      const d = `M${f(ix(a))},${f(y(a))} L${f(ox(a))},${f(y(a) - 12)} Q${f(ox((a + b) / 2) + 7)},${f(y((a + b) / 2) - 12)} ${f(ox(b))},${f(y(b) - 12)} L${f(ix(b))},${f(y(b))} Q${f(ix((a + b) / 2) - 3)},${f(y((a + b) / 2))} ${f(ix(a))},${f(y(a))} Z`
      g += `<path d="${d}" fill="url(#baffle)"/><path d="${d}" fill="url(#round)"/>`
    }
    g += `<path d="M152,454 L198,446 L200,486 L154,492 Z" fill="${seam}"/><path d="M152,454 L198,446 L199,456 L153,464 Z" fill="${cream}" opacity="0.5"/>`
    return g
  })()
  s += sleeve + mirrored(sleeve)
  // Body baffles, bulging a little at the sides.
  const seams = [60, 120, 180, 242, 304, 366, 428, 490]
  for (let i = 0; i < seams.length - 1; i++) {
    const y0 = seams[i]!
    const y1 = seams[i + 1]!
    const w0 = i === 0 ? 96 : 142
    const w1 = 142
    const mid = (y0 + y1) / 2
    const d = `M-${w0},${y0} L${w0},${y0} Q${w1 + 10},${mid} ${w1},${y1} L-${w1},${y1} Q-${w1 + 10},${mid} -${w0},${y0} Z`
    s += `<path d="${d}" fill="url(#baffle)"/><path d="${d}" fill="url(#round)"/>`
  }
  // Hem band.
  s += `<path d="M-142,490 L142,490 L140,526 Q0,534 -140,526 Z" fill="${darken(cream, 0.16)}"/>`
  // Shoulder yoke joining collar to the sleeves.
  const yoke = 'M-70,40 L70,40 Q124,52 148,82 Q154,100 143,120 L-143,120 Q-154,100 -148,82 Q-124,52 -70,40 Z'
  s += `<path d="${yoke}" fill="url(#baffle)"/><path d="${yoke}" fill="url(#round)"/>`
  // High collar with its inside.
  s += `<path d="M-64,-6 Q0,-22 64,-6 L72,44 Q0,58 -72,44 Z" fill="url(#collar)"/>`
  s += `<path d="M-60,-6 Q0,-20 60,-6 Q0,10 -60,-6 Z" fill="#3c3428"/>`
  // Zip and pockets.
  s += `<path d="M0,0 L0,526" stroke="#6d6252" stroke-width="4"/><path d="M0,2 L0,526" stroke="#d8cdb8" stroke-width="2" stroke-dasharray="2 3"/>`
  s += `<rect x="-6" y="14" width="12" height="26" rx="4" fill="#8d826f"/><rect x="-3" y="18" width="6" height="14" rx="2" fill="#cfc4ae"/>`
  s += `<path d="M-118,330 L-84,392 M118,330 L84,392" stroke="${seam}" stroke-width="4" stroke-linecap="round"/>`
  return s
}

function scarf(t: number): string {
  // The loop around the collar and one long end hanging down the chest, swinging a little.
  let s = ''
  s += `<path d="M-86,34 Q0,78 86,34 L90,70 Q0,116 -90,70 Z" fill="url(#knit)"/>`
  s += `<path d="M-86,34 Q0,78 86,34 L90,70 Q0,116 -90,70 Z" fill="url(#knitshade)"/>`
  const end = 'M-74,70 C-72,180 -78,300 -86,414 L-22,420 C-16,300 -10,180 -10,78 Z'
  s += `<g transform="rotate(${f(1.4 * wave(t, 0.35))} -42 74)">`
  s += `<path d="${end}" fill="#3a2c1c" opacity="0.12" transform="translate(12,8)"/><path d="${end}" fill="#3a2c1c" opacity="0.14" transform="translate(6,4)"/>`
  s += `<path d="${end}" fill="url(#knit)"/>`
  s += `<clipPath id="endclip"><path d="${end}"/></clipPath>`
  s += `<g clip-path="url(#endclip)"><path d="M-100,330 L0,338 L0,360 L-100,352 Z M-100,372 L0,380 L0,392 L-100,384 Z" fill="url(#knitcream)"/></g>`
  s += `<path d="${end}" fill="url(#endshade)"/>`
  // Fringe.
  for (let i = 0; i < 9; i++) {
    const x = -84 + i * 7.6
    s += `<path d="M${f(x)},${f(415 + i * 0.7)} l-1,26" stroke="#e9dfcc" stroke-width="3.2" stroke-linecap="round"/>`
  }
  return s + '</g>'
}

/** A cream cable-knit beanie with a deep blue ribbed band, resting in the snow. */
function knitBeanie(): string {
  const dome = 'M-70,12 C-72,-80 72,-80 70,12 Z'
  return (
    `<path d="${dome}" fill="url(#knitcream)"/><path d="${dome}" fill="url(#dome)"/>` +
    `<path d="M-24,-58 C-30,-30 -30,-10 -26,10 M24,-58 C30,-30 30,-10 26,10" fill="none" stroke="#a8977c" stroke-opacity="0.5" stroke-width="2"/>` +
    `<rect x="-77" y="0" width="154" height="40" rx="15" fill="url(#rib)"/><rect x="-77" y="0" width="154" height="40" rx="15" fill="url(#knitshade)"/>` +
    `<circle cx="0" cy="-74" r="25" fill="url(#pom)"/>` +
    `<path d="M-96,44 C-70,28 70,30 96,44 C60,52 -60,52 -96,44 Z" fill="#e6edf6"/>`
  )
}

function knitPattern(id: string, base: string, stitch: string): string {
  return (
    `<pattern id="${id}" width="14" height="12" patternUnits="userSpaceOnUse">` +
    `<rect width="14" height="12" fill="${base}"/>` +
    `<ellipse cx="4" cy="6" rx="3" ry="6.2" transform="rotate(-24 4 6)" fill="${stitch}"/>` +
    `<ellipse cx="10" cy="6" rx="3" ry="6.2" transform="rotate(24 10 6)" fill="${stitch}"/>` +
    `<path d="M1,1 L7,11 L13,1" fill="none" stroke="${darken(base, 0.35)}" stroke-width="0.8" opacity="0.7"/>` +
    `</pattern>`
  )
}

interface Flake {
  x: number
  y: number
  r: number
  speed: number
  sway: number
  phase: number
  opacity: number
}

/** Snow in three depths. A tile of 370 px is repeated twice down the frame (shifted sideways), so flakes can fall slowly and still loop. */
const SNOW: Flake[] = (() => {
  const rnd = random(7)
  const flakes: Flake[] = []
  const layer = (count: number, r0: number, r1: number, speed: number, opacity: number) => {
    for (let i = 0; i < count; i++)
      flakes.push({
        x: rnd() * W,
        y: rnd() * 370,
        r: r0 + rnd() * (r1 - r0),
        speed,
        sway: 6 + rnd() * 14,
        phase: rnd(),
        opacity: opacity * (0.7 + rnd() * 0.3),
      })
  }
  layer(55, 1.1, 2, 1, 0.55)
  layer(40, 2.2, 3.4, 2, 0.8)
  layer(14, 4.5, 6.5, 3, 0.85)
  return flakes
})()

function winter(t: number): Drawing {
  const fr = new Frame()
  fr.defs.push(
    linear(
      'bg4',
      0,
      0,
      W,
      H,
      [
        [0, '#070f22'],
        [0.5, '#12284f'],
        [1, '#24497e'],
      ],
      true,
    ),
    radial(
      'glow4',
      900,
      300,
      560,
      [
        [0, '#9fc0ec', 0.35],
        [1, '#9fc0ec', 0],
      ],
      true,
    ),
    linear(
      'ground4',
      0,
      560,
      0,
      H,
      [
        [0, '#dfe7f2'],
        [1, '#a9bad3'],
      ],
      true,
    ),
    linear(
      'groundfade4',
      0,
      0,
      W,
      0,
      [
        [0, '#070f22', 0.9],
        [0.45, '#070f22', 0.4],
        [1, '#070f22', 0],
      ],
      true,
    ),
    linear('baffle', 0, 0, 0, 1, [
      [0, '#a8977c'],
      [0.12, '#d9cdb6'],
      [0.38, '#fbf5ea'],
      [0.7, '#e8dcc6'],
      [1, '#a8977c'],
    ]),
    linear('collar', 0, 0, 1, 0, [
      [0, '#c9bb9f'],
      [0.5, '#f5ecdc'],
      [1, '#cbbda1'],
    ]),
    linear('round', 0, 0, 1, 0, [
      [0, '#3a2c1c', 0.34],
      [0.22, '#3a2c1c', 0.04],
      [0.6, '#ffffff', 0.06],
      [0.84, '#3a2c1c', 0.04],
      [1, '#3a2c1c', 0.3],
    ]),
    knitPattern('knit', '#1d3a6e', '#2e5596'),
    `<pattern id="rib" width="9" height="40" patternUnits="userSpaceOnUse"><rect width="9" height="40" fill="#1a3566"/><rect x="1.5" width="5" height="40" rx="2.5" fill="#2c5192"/></pattern>`,
    radial('dome', 0.38, 0.3, 0.75, [
      [0, '#ffffff', 0.08],
      [0.6, '#3a2c1c', 0.05],
      [1, '#3a2c1c', 0.4],
    ]),
    radial('pom', 0.4, 0.35, 0.65, [
      [0, '#fbf6ec'],
      [0.7, '#e4d8c2'],
      [1, '#b9a98c'],
    ]),
    knitPattern('knitcream', '#d9ccb2', '#f1e8d6'),
    linear('knitshade', 0, 0, 0, 1, [
      [0, '#000', 0],
      [1, '#000', 0.35],
    ]),
    linear('endshade', 0, 0, 1, 0, [
      [0, '#000', 0.3],
      [0.5, '#000', 0],
      [1, '#000', 0.25],
    ]),
    radial('flake', 0.5, 0.5, 0.5, [
      [0, '#ffffff', 1],
      [0.5, '#ffffff', 0.8],
      [1, '#ffffff', 0],
    ]),
  )
  let body = `<rect width="${W}" height="${H}" fill="url(#bg4)"/><rect width="${W}" height="${H}" fill="url(#glow4)"/>`
  // Snowy ground.
  body += `<path d="M0,650 C300,620 520,640 760,610 C960,586 1140,600 1280,590 L1280,720 L0,720 Z" fill="url(#ground4)"/>`
  body += `<path d="M0,650 C300,620 520,640 760,610 C960,586 1140,600 1280,590 L1280,720 L0,720 Z" fill="url(#groundfade4)"/>`

  const snow = (layer: number) => {
    let s = ''
    for (const fl of SNOW) {
      if (fl.speed !== layer) continue
      for (let copy = 0; copy < 2; copy++) {
        const y = ((fl.y + fl.speed * 370 * t) % 370) + copy * 370 - 10
        let x = (fl.x + copy * (W * 0.5 + 37)) % W
        x += fl.sway * wave(t, fl.phase)
        // Keep the text side calmer: fewer, fainter flakes on the left.
        const fade = x < W * 0.35 ? 0.55 : 1
        s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(fl.r)}" fill="url(#flake)" opacity="${Math.round(fl.opacity * fade * 100) / 100}"/>`
      }
    }
    return s
  }
  body += snow(1)

  const bobY = 6 * wave(t, 0)
  const tilt = 0.8 * wave(t, 0.2)
  const place = `translate(880,${f(92 + bobY)}) rotate(${f(tilt)}) scale(0.98)`
  body += fr.soft(
    `<g transform="translate(18,30) ${place}"><path d="M-70,-6 L70,-6 L150,88 L200,486 L154,492 L142,526 Q0,534 -142,526 L-154,492 L-200,486 L-150,88 Z" fill="#000"/></g><ellipse cx="1180" cy="652" rx="74" ry="12" fill="#000"/>`,
    22,
    0.55,
  )
  body += `<g transform="${place}">${puffer()}${scarf(t)}</g>`
  body += `<g transform="translate(1168,616) rotate(-7) scale(0.8)">${knitBeanie()}</g>`
  body += snow(2)
  body += snow(3)
  body += scrim(fr, '#050b18', 0.55)
  return fr.done(body)
}

// ---------------------------------------------------------------------------------------
// Rendering and encoding

const SLOTS: ((t: number) => Drawing | Pixels)[] = [satin, rail, kids, winter]

/** Soft layers are drawn at a quarter of the size, blurred, and scaled back up by the SVG renderer. */
const SOFT_SCALE = 4

async function renderFrame(scene: (t: number) => Drawing | Pixels, index: number): Promise<Buffer> {
  const drawing = scene(index / FRAMES)
  if ('raw' in drawing) {
    const { raw, width, height } = drawing
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .resize(W, H, { kernel: 'lanczos3' })
      .png({ compressionLevel: 1 })
      .toBuffer()
  }
  const { svg, layers } = drawing
  const images = await Promise.all(
    layers.map(async (layer) => {
      const w = W / SOFT_SCALE
      const h = H / SOFT_SCALE
      const small =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${W} ${H}">` +
        `<defs><filter id="blur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${layer.blur}"/></filter></defs>` +
        `<g filter="url(#blur)">${layer.content}</g></svg>`
      const png = await sharp(Buffer.from(small)).png({ compressionLevel: 0 }).toBuffer()
      return `<image href="data:image/png;base64,${png.toString('base64')}" x="0" y="0" width="${W}" height="${H}" preserveAspectRatio="none" opacity="${layer.opacity}"/>`
    }),
  )
  const full = svg.replace(/<!--soft:(\d+)-->/g, (_, i: string) => images[Number(i)]!)
  return sharp(Buffer.from(full)).png({ compressionLevel: 1 }).toBuffer()
}

/** Runs `task` for 0..count-1 with at most `size` running at once. */
async function pool(count: number, size: number, task: (i: number) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < count) await task(next++)
  }
  await Promise.all(Array.from({ length: Math.min(size, count) }, worker))
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let err = ''
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (${code}):\n${err.slice(-2000)}`)),
    )
  })
}

const size = async (file: string) => (await stat(file)).size

/** Encodes with rising quality settings' CRF until the file fits the budget. */
async function encodeWithin(file: string, crfs: number[], args: (crf: number) => string[]) {
  for (const crf of crfs) {
    await run('ffmpeg', args(crf))
    if ((await size(file)) <= BUDGET) return crf
  }
  throw new Error(`${file} stays over ${BUDGET} bytes`)
}

async function encode(frames: string, name: string) {
  const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', path.join(frames, '%04d.png')]
  const common = ['-an', '-threads', '2', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact']
  const mp4 = path.join(outDir, `${name}.mp4`)
  const webm = path.join(outDir, `${name}.webm`)
  const mp4Job = encodeWithin(mp4, [24, 26, 28, 30, 32], (crf) => [
    ...input,
    ...common,
    ...['-c:v', 'libx264', '-preset', 'slow', '-crf', String(crf), '-pix_fmt', 'yuv420p', '-profile:v', 'high'],
    ...['-x264-params', 'aq-mode=3:keyint=120:min-keyint=120:scenecut=0', '-movflags', '+faststart', mp4],
  ])
  const webmJob = encodeWithin(webm, [32, 35, 38, 41, 44], (crf) => [
    ...input,
    ...common,
    ...['-c:v', 'libvpx-vp9', '-crf', String(crf), '-b:v', '0', '-pix_fmt', 'yuv420p', '-g', '120'],
    ...['-deadline', 'good', '-cpu-used', '2', '-row-mt', '1', '-tile-columns', '1', webm],
  ])
  const [mp4Crf, webmCrf] = await Promise.all([mp4Job, webmJob])
  return { mp4Crf, webmCrf }
}

async function posters(firstFrame: string, name: string) {
  const image = sharp(firstFrame)
  await image
    .clone()
    .jpeg({ quality: 70, mozjpeg: true })
    .toFile(path.join(outDir, `${name}.jpg`))
  await image
    .clone()
    .webp({ quality: 70, effort: 6 })
    .toFile(path.join(outDir, `${name}.webp`))
}

async function main() {
  const probe = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' })
  if (probe.error || probe.status !== 0) {
    console.error('ffmpeg was not found on PATH: install ffmpeg (Debian: apt-get install ffmpeg)')
    process.exit(1)
  }
  // Optional arguments: slot numbers to render (default all); `--preview` writes a few stills
  // to a temp folder instead of encoding, for a quick look while adjusting a scene.
  const args = process.argv.slice(2)
  const only = args.map(Number).filter((n) => n >= 1 && n <= SLOTS.length)
  const slots = only.length ? only : SLOTS.map((_, i) => i + 1)
  sharp.cache(false)
  sharp.concurrency(1)
  if (args.includes('--preview')) {
    const dir = path.join(os.tmpdir(), 'kapra-hero-preview')
    await mkdir(dir, { recursive: true })
    for (const slot of slots)
      for (const i of [0, FRAMES / 4, FRAMES / 2, (FRAMES * 3) / 4])
        await writeFile(path.join(dir, `hero-${slot}-${i}.png`), await renderFrame(SLOTS[slot - 1]!, i))
    console.log(`Preview stills in ${dir}`)
    return
  }
  await mkdir(outDir, { recursive: true })
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'kapra-hero-'))
  const started = performance.now()
  const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)
  try {
    // Each slot is encoded while the next one renders.
    const encodes: Promise<void>[] = []
    for (const slot of slots) {
      const scene = SLOTS[slot - 1]!
      const name = `hero-${slot}`
      const dir = path.join(tmp, name)
      await mkdir(dir)
      const t0 = performance.now()
      await pool(FRAMES, POOL, async (i) => {
        await writeFile(path.join(dir, `${String(i).padStart(4, '0')}.png`), await renderFrame(scene, i))
      })
      console.log(`${name}: ${FRAMES} frames rendered in ${seconds(t0)} s`)
      const t1 = performance.now()
      const job = (async () => {
        const { mp4Crf, webmCrf } = await encode(dir, name)
        await posters(path.join(dir, '0000.png'), name)
        await rm(dir, { recursive: true, force: true })
        const sizes = await Promise.all(
          ['webm', 'mp4', 'jpg', 'webp'].map(
            async (ext) => `${ext} ${Math.round((await size(path.join(outDir, `${name}.${ext}`))) / 1024)} KB`,
          ),
        )
        console.log(`${name}: encoded in ${seconds(t1)} s (CRF mp4 ${mp4Crf}, webm ${webmCrf}): ${sizes.join(', ')}`)
      })()
      // Keep a failure from going unnoticed until the end.
      job.catch(() => {})
      encodes.push(job)
    }
    await Promise.all(encodes)
  } finally {
    await rm(tmp, { recursive: true, force: true })
  }
  console.log(`Done in ${seconds(started)} s -> ${path.relative(root, outDir)}/`)
}

await main()
