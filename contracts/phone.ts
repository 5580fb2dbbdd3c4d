/**
 * A Pakistani phone number as digits in international form, without '+':
 * '0300-1234567', '+92 300 1234567' and '00923001234567' all become '923001234567'.
 * Numbers from elsewhere keep their digits. Used to match a customer's orders by
 * phone and to open WhatsApp (wa.me/<this>).
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.startsWith('0092')) return digits.slice(2)
  if (digits.startsWith('92')) return digits
  if (digits.startsWith('03')) return `92${digits.slice(1)}`
  return digits
}
