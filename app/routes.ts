import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

// Spec section 2. Login and registration stand outside the store layout: no
// navigation bar or chat button there.
export default [
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('subscribe', 'routes/subscribe.tsx'),
  layout('routes/store-layout.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('collection', 'routes/collection.tsx'),
    route('product', 'routes/product.tsx'),
    route('productdetail/:productId', 'routes/product-detail.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('placeorder', 'routes/place-order.tsx'),
    route('order', 'routes/orders.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
