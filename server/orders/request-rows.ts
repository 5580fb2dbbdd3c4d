import {
  refundMethods,
  requestKinds,
  requestReasons,
  requestStatuses,
  type AdminRequest,
  type OrderRequest,
  type RequestItem,
} from '#contracts/requests.ts'
import { productImageUrl } from '#server/catalog/images.ts'
import type { OrderRequestsTable } from '#server/orders/tables.ts'

// Requests' rows as the API shows them (docs/decisions/036), and the pieces a request's
// `items` column holds.

/** One piece of a request as stored: the order line's snapshot and the size wanted instead. */
export interface StoredItem {
  productId: string
  name: string
  size: string
  quantity: number
  newSize: string | null
  /** What one piece cost on the order. */
  price: number
  /** The order line's image key. */
  image: string
}

export function storedItems(json: string): StoredItem[] {
  try {
    const items: unknown = JSON.parse(json)
    return Array.isArray(items) ? (items as StoredItem[]) : []
  } catch {
    return []
  }
}

export function photoKeys(json: string): string[] {
  try {
    const keys: unknown = JSON.parse(json)
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : []
  } catch {
    return []
  }
}

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback

export function toRequest(row: OrderRequestsTable): OrderRequest {
  const items = storedItems(row.items)
  return {
    id: row.id,
    orderId: row.order_id,
    kind: oneOf(requestKinds, row.kind, 'return'),
    status: oneOf(requestStatuses, row.status, 'open'),
    items: items.map((i): RequestItem => ({
      _id: i.productId,
      name: i.name,
      size: i.size,
      quantity: i.quantity,
      newSize: i.newSize,
      price: i.price,
      image: productImageUrl(i.image),
    })),
    reason: oneOf(requestReasons, row.reason, 'other'),
    note: row.note,
    photos: photoKeys(row.photos).map(productImageUrl),
    decisionNote: row.decision_note,
    exchangeOrderId: row.exchange_order_id,
    refundMethod: row.refund_method === null ? null : oneOf(refundMethods, row.refund_method, 'bank-transfer'),
    refundReference: row.refund_reference,
    refundAmount: items.reduce((sum, i) => sum + i.price * i.quantity, 0),
    createdAt: Number(row.created_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
    receivedAt: row.received_at === null ? null : Number(row.received_at),
  }
}

export function toAdminRequest(
  row: OrderRequestsTable & { first_name: string; last_name: string; email: string; phone: string },
): AdminRequest {
  return {
    ...toRequest(row),
    customer: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    phone: row.phone,
  }
}

/** The pieces as an event's note reads in either language: "Men Oxford Shirt · M → L × 1". */
export function itemsNote(items: StoredItem[]): string {
  return items.map((i) => `${i.name} · ${i.newSize ? `${i.size} → ${i.newSize}` : i.size} × ${i.quantity}`).join('; ')
}
