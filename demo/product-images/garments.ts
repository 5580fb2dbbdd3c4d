// Which drawing each garment kind uses, and how each kind is shown in the 'folded' view.

import type { GarmentKind } from '#demo/catalog-types.ts'
import { jeans, joggers, shorts, skirt, trousers } from './bottoms.ts'
import type { Ctx } from './context.ts'
import type { Drawing } from './drawing.ts'
import { blouse, coat, dress, hoodie, jacket, kurta, polo, puffer, shirt, sweater, tshirt, type View } from './tops.ts'

export type GarmentDrawer = (ctx: Ctx, view: View) => Drawing

export const garmentDrawers: Record<GarmentKind, GarmentDrawer> = {
  tshirt,
  polo,
  shirt,
  kurta,
  blouse,
  dress,
  jeans,
  trousers,
  shorts,
  skirt,
  joggers,
  hoodie,
  sweater,
  jacket,
  puffer,
  coat,
}

/** Long or structured pieces are shown on a wooden hanger; the rest folded into a neat stack. */
const onHanger: ReadonlySet<GarmentKind> = new Set<GarmentKind>(['kurta', 'dress', 'jacket', 'puffer', 'coat'])

export const foldedStyle = (kind: GarmentKind): 'hanger' | 'stack' => (onHanger.has(kind) ? 'hanger' : 'stack')
