import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import {
  inlineStylesheets,
  precompressFiles,
  preloadFirstScreens,
} from './scripts/web-build-plugins.js';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    inlineStylesheets(),
    // The pages of the Lighthouse audit (scripts/lighthouse.ts); see features/<area>/routes.tsx.
    preloadFirstScreens({
      '/': ['features/public/public-layout.tsx', 'features/public/pages/home-page.tsx'],
      '/track-shipment': [
        'features/public/public-layout.tsx',
        'app/query-root.tsx',
        'features/public/pages/track-shipment-page.tsx',
      ],
      '/login': ['app/query-root.tsx', 'features/auth/pages/login-page.tsx'],
    }),
    precompressFiles(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/check-bundle-size.ts to follow what the landing page loads.
    manifest: true,
    rolldownOptions: {
      // Fewer, larger files: a page's first screen then takes a few requests instead of thirty
      // (docs/decisions/0006-what-the-landing-page-loads.md). The code the app starts with is
      // one file, and small shared modules (icons, buttons) are copied into the chunks using them.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              // The page and its stylesheet stay in the entry: no screen's code then lists the
              // stylesheet as its own and fetches it again beside the copy inside index.html.
              test: (id) => !/\.(css|html)(\?|$)/.test(id),
              includeDependenciesRecursively: false,
            },
          ],
          experimentalInlineCommonChunks: { maxSize: 8 * 1024, exclude: /\.css(\?|$)/ },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${process.env.API_PORT ?? 3000}`,
    },
  },
});
