// Every storefront namespace in English (locales/README.md).
import common from './common.json' with { type: 'json' }
import server from './server.json' with { type: 'json' }

export default { common, server }
