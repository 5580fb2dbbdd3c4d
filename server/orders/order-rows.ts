import type { Address, Order, OrderEvent } from '#contracts/orders.ts'
import { requestSteps, type OrderRequest, type RequestStep } from '#contracts/requests.ts'
import { isOrderStatus, type OrderActor, type OrderStatus } from '#contracts/order-status.ts'
import { productImageUrl } from '#server/catalog/images.ts'
import { trackingUrl, type TrackingTemplates } from '#contracts/couriers.ts'
import type * as repo from '#server/orders/repository.ts'

// Rows as the API shows them: one order with its lines and its events.

type OrderRow = Awaited<ReturnType<typeof repo.ordersOfUser>>['orders'][number]
type EventRow = Awaited<ReturnType<typeof repo.ordersOfUser>>['events'][number]

export function fromRows(
  o: OrderRow,
  items: Parameters<typeof toOrder>[1],
  events: EventRow[],
  templates: TrackingTemplates,
  request: OrderRequest | null = null,
): Order {
  return toOrder(
    {
      exchange_for: o.exchange_for,
      id: o.id,
      subtotal: o.subtotal,
      delivery_fee: o.delivery_fee,
      discount_code: o.discount_code,
      discount: o.discount,
      amount: o.amount,
      status: o.status as OrderStatus,
      payment: o.payment,
      created_at: o.created_at,
      courier: o.courier,
      tracking_number: o.tracking_number,
      address: {
        firstName: o.first_name,
        lastName: o.last_name,
        email: o.email,
        street: o.street,
        city: o.city,
        state: o.state,
        pinCode: o.pin_code,
        country: o.country,
        phone: o.phone,
      },
    },
    items,
    events,
    templates,
    request,
  )
}

export function groupBy<T>(list: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>()
  for (const item of list) {
    const k = key(item)
    const found = map.get(k)
    if (found) found.push(item)
    else map.set(k, [item])
  }
  return map
}

export function toOrder(
  o: {
    id: string
    subtotal: number
    delivery_fee: number
    discount_code: string | null
    discount: number
    amount: number
    status: OrderStatus
    payment: number
    created_at: number
    address: Address
    courier: string | null
    tracking_number: string | null
    exchange_for?: string | null
  },
  items: { product_id: string; name: string; price: number; image: string; size: string; quantity: number }[],
  events: {
    at: number
    from_status: string | null
    to_status: string
    actor: string
    note: string | null
    request_step?: string | null
  }[],
  templates: TrackingTemplates,
  request: OrderRequest | null = null,
): Order {
  return {
    _id: o.id,
    items: items.map((i) => {
      const image = productImageUrl(i.image)
      // image1 as the spec's product names it, for clients that read the item as a product (§3).
      return {
        _id: i.product_id,
        name: i.name,
        price: i.price,
        image,
        image1: image,
        size: i.size,
        quantity: i.quantity,
      }
    }),
    subtotal: o.subtotal,
    deliveryFee: o.delivery_fee,
    discountCode: o.discount_code,
    discount: o.discount,
    amount: o.amount,
    address: o.address,
    status: o.status,
    payment: o.payment === 1,
    paymentMethod: 'COD',
    date: o.created_at,
    events: events.map((e): OrderEvent => ({
      at: e.at,
      from: e.from_status !== null && isOrderStatus(e.from_status) ? e.from_status : null,
      to: e.to_status as OrderStatus,
      by: e.actor as OrderActor,
      note: e.note,
      request: isRequestStep(e.request_step) ? e.request_step : null,
    })),
    courier: o.courier,
    trackingNumber: o.tracking_number,
    trackingUrl: trackingUrl(templates, o.courier, o.tracking_number),
    request,
    exchangeFor: o.exchange_for ?? null,
  }
}

function isRequestStep(value: string | null | undefined): value is RequestStep {
  return typeof value === 'string' && (requestSteps as readonly string[]).includes(value)
}
