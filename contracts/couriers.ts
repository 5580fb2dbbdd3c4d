// The couriers a Pakistani store ships with, and where each one's public tracking page is
// (README, "Couriers and tracking"). A template's {number} is the parcel's tracking number;
// COURIER_TRACKING_URLS overrides any of them (server/config.ts), and a courier without a
// template ('Other', or one set to "") gets no link: the number alone is shown.

export const COURIERS = ['TCS', 'Leopards', 'PostEx', 'M&P', 'Trax', 'Call Courier', 'BlueEx', 'Other'] as const
export type Courier = (typeof COURIERS)[number]

export const isCourier = (value: string): value is Courier => (COURIERS as readonly string[]).includes(value)

/** Each courier's tracking address, {number} standing for the tracking number; null: no public page. */
export type TrackingTemplates = Record<Courier, string | null>

export const TRACKING_NUMBER = '{number}'

export const DEFAULT_TRACKING_TEMPLATES: TrackingTemplates = {
  TCS: 'https://www.tcsexpress.com/track/?consignmentNo={number}',
  Leopards: 'https://www.leopardscourier.com/tracking?cn={number}',
  PostEx: 'https://postex.pk/tracking?cn={number}',
  'M&P': 'https://www.mulphilog.com/tracking/{number}',
  Trax: 'https://sonic.pk/tracking?tracking_number={number}',
  'Call Courier': 'https://callcourier.com.pk/tracking/?tc={number}',
  BlueEx: 'https://www.blue-ex.com/tracking?cn={number}',
  Other: null,
}

/**
 * The courier's page for this parcel, or null: no courier yet, one the store ships with
 * outside the list (orders shipped before the list existed), or one without a public page.
 */
export function trackingUrl(
  templates: TrackingTemplates,
  courier: string | null,
  trackingNumber: string | null,
): string | null {
  if (courier === null || trackingNumber === null || !isCourier(courier)) return null
  const template = templates[courier]
  return template ? template.replaceAll(TRACKING_NUMBER, encodeURIComponent(trackingNumber)) : null
}
