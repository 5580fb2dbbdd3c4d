import type { Lang } from '#contracts/languages.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { phoneKey } from '#contracts/phone.ts'
import { formatPrice } from '#contracts/pricing.ts'

// The console's WhatsApp chat with a customer about their order, the confirmation
// message written out (cash-on-delivery orders are confirmed before they are packed:
// docs/decisions/010) in the store's language the order was placed in. Prices keep
// Latin digits in Urdu too, as the store writes them everywhere.

const messages: Record<Lang, (order: Order, storeName: string) => string[]> = {
  en: (order, storeName) => {
    const a = order.address
    return [
      `Assalam-o-Alaikum ${a.firstName}, this is ${storeName} about your order ${orderNumber(order._id)}:`,
      ...order.items.map((i) => `- ${i.name}, size ${i.size}, quantity ${i.quantity}`),
      ...(order.discountCode === null ? [] : [`Discount (${order.discountCode}): −${formatPrice(order.discount)}`]),
      `Total: ${formatPrice(order.amount)} (cash on delivery)`,
      `Delivery address: ${a.street}, ${a.city}, ${a.state} ${a.pinCode}, ${a.country}`,
      'Please reply YES to confirm your order, or tell us what to change.',
    ]
  },
  ur: (order, storeName) => {
    const a = order.address
    return [
      `السلام علیکم ${a.firstName}، ${storeName} کی طرف سے آپ کے آرڈر ${orderNumber(order._id)} کے بارے میں:`,
      ...order.items.map((i) => `- ${i.name}، سائز ${i.size}، تعداد ${i.quantity}`),
      ...(order.discountCode === null
        ? []
        : [`ڈسکاؤنٹ (${order.discountCode}): \u2066−${formatPrice(order.discount)}\u2069`]),
      `کل رقم: ${formatPrice(order.amount)} (کیش آن ڈیلیوری)`,
      `ڈیلیوری کا پتہ: ${a.street}, ${a.city}, ${a.state} ${a.pinCode}, ${a.country}`,
      'آرڈر کنفرم کرنے کے لیے YES لکھ کر بھیج دیں، یا ہمیں بتائیں کہ کیا تبدیلی کرنی ہے۔',
    ]
  },
}

/** Once the parcel is with the courier: where to follow it, and what to keep ready. */
const shippedMessages: Record<Lang, (order: Order, storeName: string) => string[]> = {
  en: (order, storeName) => [
    `Assalam-o-Alaikum ${order.address.firstName}, this is ${storeName}: your order ${orderNumber(order._id)} is on its way with ${order.courier}.`,
    `Tracking number: ${order.trackingNumber}`,
    ...(order.trackingUrl ? [`Follow your parcel: ${order.trackingUrl}`] : []),
    `Please keep ${formatPrice(order.amount)} ready for the courier (cash on delivery).`,
  ],
  ur: (order, storeName) => [
    `السلام علیکم ${order.address.firstName}، ${storeName} کی طرف سے: آپ کا آرڈر ${orderNumber(order._id)} ${order.courier} کے ذریعے آپ کی طرف روانہ ہے۔`,
    `ٹریکنگ نمبر: ${order.trackingNumber}`,
    ...(order.trackingUrl ? [`اپنا پارسل یہاں دیکھیں: ${order.trackingUrl}`] : []),
    `براہِ کرم کوریئر کے لیے ${formatPrice(order.amount)} تیار رکھیں (کیش آن ڈیلیوری)۔`,
  ],
}

/** The chat's link: the confirmation message, or once shipped, the courier's tracking link. */
export function whatsappUrl(order: Order, storeName: string, language: Lang): string {
  const onTheWay = (order.status === 'Shipped' || order.status === 'Out for delivery') && order.courier !== null
  const text = (onTheWay ? shippedMessages : messages)[language](order, storeName).join('\n')
  return `https://wa.me/${phoneKey(order.address.phone)}?text=${encodeURIComponent(text)}`
}
