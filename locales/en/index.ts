// Every storefront namespace in English (locales/README.md).
import cart from './cart.json' with { type: 'json' }
import common from './common.json' with { type: 'json' }
import orders from './orders.json' with { type: 'json' }
import server from './server.json' with { type: 'json' }

export default { cart, common, orders, server }
