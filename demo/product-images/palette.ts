// Colour helpers: every shade in a picture is derived from the product's three colours,
// so a garment's shadows, seams and highlights always belong to its own fabric.

type Rgb = [number, number, number]

function parse(hex: string): Rgb {
  const h = hex.replace('#', '')
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h
  const n = Number.parseInt(full, 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function format([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0')
  return `#${c(r)}${c(g)}${c(b)}`
}

/** Linear blend: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [x, y] = [parse(a), parse(b)]
  return format([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t])
}

// Shadows lean slightly cool and highlights slightly warm, as under studio light.
const SHADOW = '#14161f'
const LIGHT = '#fffdf8'

export const darken = (c: string, t: number) => mix(c, SHADOW, t)
export const lighten = (c: string, t: number) => mix(c, LIGHT, t)

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(c: string): number {
  const lin = (v: number) => {
    const s = v / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  const [r, g, b] = parse(c)
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

export const isDark = (c: string) => luminance(c) < 0.06

/** A line drawn on fabric c that stays visible: darker on light cloth, lighter on dark cloth. */
export function contrastLine(c: string, t: number): string {
  return isDark(c) ? lighten(c, t * 0.9) : darken(c, t)
}

export interface Palette {
  main: string
  /** Fabric in shadow (folds, the far side of a sleeve). */
  shade: string
  /** Fabric in deep shadow (the inside of the garment). */
  inside: string
  highlight: string
  /** Silhouette outline. */
  outline: string
  /** Seams and folds drawn on the main fabric. */
  seam: string
  secondary: string
  secondaryShade: string
  secondaryOutline: string
  secondarySeam: string
  accent: string
  accentShade: string
  accentOutline: string
}

export function paletteFor(colors: { main: string; secondary: string; accent: string }): Palette {
  const { main, secondary, accent } = colors
  return {
    main,
    shade: darken(main, 0.14),
    inside: darken(main, isDark(main) ? 0.45 : 0.34),
    highlight: lighten(main, 0.3),
    outline: darken(main, isDark(main) ? 0.55 : 0.42),
    seam: contrastLine(main, 0.24),
    secondary,
    secondaryShade: darken(secondary, 0.16),
    secondaryOutline: darken(secondary, isDark(secondary) ? 0.55 : 0.42),
    secondarySeam: contrastLine(secondary, 0.22),
    accent,
    accentShade: darken(accent, 0.22),
    accentOutline: darken(accent, 0.5),
  }
}
