/** How an order is named to people: the first 8 characters of its id, upper case ('#3F2A9C1B'). */
export function orderNumber(orderId: string): string {
  return `#${orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}`
}
