// Every storefront namespace in English (locales/README.md). The console's, admin.json, is
// not here: only console pages load it (app/lib/i18n/console.ts).
import account from './account.json' with { type: 'json' }
import cart from './cart.json' with { type: 'json' }
import catalog from './catalog.json' with { type: 'json' }
import common from './common.json' with { type: 'json' }
import home from './home.json' with { type: 'json' }
import orders from './orders.json' with { type: 'json' }
import pages from './pages.json' with { type: 'json' }
import server from './server.json' with { type: 'json' }

export default { account, cart, catalog, common, home, orders, pages, server }
