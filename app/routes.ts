import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

// One module per screen of the spec (docs/spec/store-spec.md §2), named after the URL
// it serves: /productdetail/:productId is routes/store/productdetail.$productId.tsx.
// store/ is what shoppers browse and buy; account/ is who they are and what they ordered.
// Login and registration stand outside the store layout: no navigation bar or chat button.
export default [
  route('login', 'routes/account/login.tsx'),
  route('signup', 'routes/account/signup.tsx'),
  route('logout', 'routes/account/logout.tsx'),
  route('forgot-password', 'routes/account/forgot-password.tsx'),
  route('reset-password', 'routes/account/reset-password.tsx'),
  route('subscribe', 'routes/store/subscribe.tsx'),
  // The store owner's console: its own frame, for admins only (docs/spec/rulings.md #25).
  ...prefix('admin', [
    layout('routes/admin/_layout.tsx', [
      index('routes/admin/_index.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:orderId', 'routes/admin/orders.$orderId.tsx'),
      route('products', 'routes/admin/products.tsx'),
      route('products/new', 'routes/admin/products.new.tsx'),
      route('products/:productId', 'routes/admin/products.$productId.tsx'),
      route('customers', 'routes/admin/customers.tsx'),
      route('security', 'routes/admin/security.tsx'),
    ]),
  ]),
  layout('routes/store/_layout.tsx', [
    index('routes/store/_index.tsx'),
    route('about', 'routes/store/about.tsx'),
    route('contact', 'routes/store/contact.tsx'),
    route('collection', 'routes/store/collection.tsx'),
    route('product', 'routes/store/product.tsx'),
    route('productdetail/:productId', 'routes/store/productdetail.$productId.tsx'),
    route('cart', 'routes/store/cart.tsx'),
    route('placeorder', 'routes/store/placeorder.tsx'),
    route('account', 'routes/account/account.tsx'),
    route('order', 'routes/account/order.tsx'),
    route('order/:orderId', 'routes/account/order.$orderId.tsx'),
    // Links from emails: confirm or cancel an order, verify an address (docs/decisions/011).
    route('order-link', 'routes/account/order-link.tsx'),
    route('verify-email', 'routes/account/verify-email.tsx'),
    route('newsletter/confirm', 'routes/store/newsletter.confirm.tsx'),
    route('newsletter/unsubscribe', 'routes/store/newsletter.unsubscribe.tsx'),
    route('*', 'routes/store/$.tsx'),
  ]),
] satisfies RouteConfig
