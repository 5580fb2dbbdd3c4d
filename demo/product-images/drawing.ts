// What a garment drawing hands to the views.

import type { Pt } from './svg.ts'

export interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** How the garment folds into a neat rectangle for the 'folded' view. */
export interface FoldSpec {
  /** y of the neck points (tops) or the waistband top (bottoms). */
  top: number
  /** Half width of the folded garment. */
  halfW: number
  /** The shoulder line drops this much between the neck and the fold edge (0 for bottoms). */
  drop: number
  neckW: number
  /** How far collars or a hood reach above `top`. */
  raise: number
  bottom: number
}

export interface Drawing {
  /** Pieces behind the garment's body: the inside of the back, a hood, lining. */
  behind: string
  body: string
  box: Box
  /** Centre of the 'detail' close-up. */
  focus: Pt
  fold: FoldSpec
  /** Shoulder line, for the hanger: neck y, shoulder half width and drop. */
  shoulders: { y: number; halfW: number; drop: number; neckW: number } | null
}
