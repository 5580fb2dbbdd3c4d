import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // The whole route manifest comes with the first page, as one immutable file the browser keeps,
  // instead of a /__manifest request from every page for the links it shows (docs/decisions/042).
  routeDiscovery: { mode: 'initial' },
} satisfies Config
