import { karachiLocal, type Sale } from '#contracts/sales.ts'

// How the console names a sale's scope and window (docs/decisions/025).

/** "Whole store", "Men · TopWear", "3 products". */
export function scopeLabel(sale: Sale): string {
  if (sale.scope === 'products')
    return `${sale.productIds.length} ${sale.productIds.length === 1 ? 'product' : 'products'}`
  if (sale.scope === 'store') return 'Whole store'
  return [sale.category, sale.subCategory].filter(Boolean).join(' · ')
}

/** A window in Pakistan time: "2026-12-01 00:00 – 2026-12-08 00:00 PKT". */
export function windowLabel(sale: Pick<Sale, 'startsAt' | 'endsAt'>): string {
  const at = (iso: string) => karachiLocal(Date.parse(iso)).replace('T', ' ')
  return `${at(sale.startsAt)} – ${at(sale.endsAt)} PKT`
}
