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

export function whatsappUrl(order: Order, storeName: string, language: Lang): string {
  const text = messages[language](order, storeName).join('\n')
  return `https://wa.me/${phoneKey(order.address.phone)}?text=${encodeURIComponent(text)}`
}
