import type { TFunction } from 'i18next'
import { karachiLocal, type Sale } from '#contracts/sales.ts'

// How the console names a sale's scope and window (docs/decisions/025), in its own words.

/** "Whole store", "Men · TopWear", "3 products". */
export function scopeLabel(t: TFunction<'admin'>, sale: Sale): string {
  if (sale.scope === 'products') return t('sales.scope.products', { count: sale.productIds.length })
  if (sale.scope === 'store') return t('sales.scope.store')
  return [sale.category, sale.subCategory].filter(Boolean).join(' · ')
}

/** A window in Pakistan time: "2026-12-01 00:00 – 2026-12-08 00:00 PKT". */
export function windowLabel(t: TFunction<'admin'>, sale: Pick<Sale, 'startsAt' | 'endsAt'>): string {
  const at = (iso: string) => karachiLocal(Date.parse(iso)).replace('T', ' ')
  return t('sales.window', { starts: at(sale.startsAt), ends: at(sale.endsAt) })
}
