import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Each icon would otherwise be a chunk of its own: one request apiece when the app boots.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  environments: {
    ssr: {
      build: {
        rolldownOptions: {
          // The server bundle holds every route, so a module a page loads on demand in the
          // browser (the newsletter form's schema) is always in it too: nothing to report.
          onLog(level, log, report) {
            if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') report(level, log)
          },
        },
      },
    },
  },
})
