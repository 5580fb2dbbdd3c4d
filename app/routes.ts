import { type RouteConfig, type RouteConfigEntry, index, layout, route } from '@react-router/dev/routes'
import type { Lang } from '#contracts/languages.ts'

// One module per screen of the spec (docs/spec/store-spec.md §2), named after the URL
// it serves: /productdetail/:productId is routes/store/productdetail.$productId.tsx.
// store/ is what shoppers browse and buy; account/ is who they are and what they ordered.
// Login and registration stand outside the store layout: no navigation bar or chat button.
//
// Every page a shopper sees exists twice: in English at the spec's paths and in Urdu under
// /ur, served by the same module (docs/decisions/022). English routes keep their files'
// ids; the Urdu twins' ids start with 'ur/'.
function shopper(lang: Lang): RouteConfigEntry[] {
  const id = (file: string) => (lang === 'en' ? {} : { id: `ur/${file}` })
  const page = (path: string, file: string) => route(path, `routes/${file}.tsx`, id(file))
  const under = lang === 'en' ? '' : 'ur/'
  const store = [
    index('routes/store/_index.tsx', id('store/_index')),
    page('about', 'store/about'),
    page('contact', 'store/contact'),
    page('collection', 'store/collection'),
    page('product', 'store/product'),
    page('productdetail/:productId', 'store/productdetail.$productId'),
    page('cart', 'store/cart'),
    page('wishlist', 'store/wishlist'),
    page('placeorder', 'store/placeorder'),
    page('account', 'account/account'),
    page('order', 'account/order'),
    page('order/:orderId', 'account/order.$orderId'),
    // An order by its number and phone, without signing in.
    page('track', 'store/track'),
    // Links from emails: confirm or cancel an order, verify an address (docs/decisions/011).
    page('order-link', 'account/order-link'),
    // A Delivered order's review link: one product's review, as the order's buyer.
    page('review', 'store/review'),
    page('verify-email', 'account/verify-email'),
    page('newsletter/confirm', 'store/newsletter.confirm'),
    page('newsletter/unsubscribe', 'store/newsletter.unsubscribe'),
    page('*', 'store/$'),
  ]
  return [
    page(`${under}login`, 'account/login'),
    page(`${under}signup`, 'account/signup'),
    page(`${under}logout`, 'account/logout'),
    page(`${under}forgot-password`, 'account/forgot-password'),
    page(`${under}reset-password`, 'account/reset-password'),
    page(`${under}subscribe`, 'store/subscribe'),
    // The Urdu store's layout holds its path (/ur), so an English page's request is told
    // apart from each Urdu page at its first segment (docs/decisions/048).
    lang === 'en'
      ? layout('routes/store/_layout.tsx', store)
      : route('ur', 'routes/store/_layout.tsx', id('store/_layout'), store),
  ]
}

export default [
  // Sets the language cookie (and the account's language) and goes to the chosen twin.
  route('language', 'routes/language.tsx'),
  // The store owner's console: its own frame, for admins only (docs/spec/rulings.md #25); English.
  // The console's layout holds its path (/admin), as the Urdu store's does.
  route('admin', 'routes/admin/_layout.tsx', [
    index('routes/admin/_index.tsx'),
    route('orders', 'routes/admin/orders.tsx'),
    route('orders/:orderId', 'routes/admin/orders.$orderId.tsx'),
    route('products', 'routes/admin/products.tsx'),
    route('products/new', 'routes/admin/products.new.tsx'),
    route('products/import', 'routes/admin/products.import.tsx'),
    route('products/import/:jobId', 'routes/admin/products.import.$jobId.tsx'),
    route('products/:productId', 'routes/admin/products.$productId.tsx'),
    route('customers', 'routes/admin/customers.tsx'),
    route('blocklist', 'routes/admin/blocklist.tsx'),
    route('discounts', 'routes/admin/discounts.tsx'),
    route('discounts/new', 'routes/admin/discounts.new.tsx'),
    route('discounts/:discountId', 'routes/admin/discounts.$discountId.tsx'),
    route('sales', 'routes/admin/sales.tsx'),
    route('sales/new', 'routes/admin/sales.new.tsx'),
    route('sales/:saleId', 'routes/admin/sales.$saleId.tsx'),
    route('reviews', 'routes/admin/reviews.tsx'),
    route('requests', 'routes/admin/requests.tsx'),
    route('security', 'routes/admin/security.tsx'),
  ]),
  ...shopper('ur'),
  ...shopper('en'),
] satisfies RouteConfig
