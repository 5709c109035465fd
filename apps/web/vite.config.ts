import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
// A relative import: the config is bundled on load, and Node cannot import the package's .ts itself.
import { LANGUAGE_TAGS, LANGUAGES, RTL_LANGUAGES } from '../../packages/contracts/src/languages.ts';
import { firstPaint } from './vite-plugin-first-paint';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // The plugin's types come from the workspace root's newer Vite (pulled in by Vitest); at run time
  // it supports this app's Vite 7, so only the type identity differs.
  plugins: [
    react() as unknown as PluginOption,
    firstPaint({
      homeModule: 'src/features/home/routes/home.tsx',
      routeModules: { '/market': 'src/features/market/routes/market.tsx' },
      languages: LANGUAGES,
      tags: LANGUAGE_TAGS,
      rtl: RTL_LANGUAGES,
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/swx': { target: API_TARGET, changeOrigin: true },
      '/message': { target: API_TARGET.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json lets scripts/measure-initial-js.mjs size what each route loads.
    manifest: true,
    // Vendor code changes less often than app code; separate chunks keep the browser cache warm.
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/react-router')) return 'router';
          if (/node_modules\/(i18next|react-i18next)\//.test(id)) return 'i18n';
          if (id.includes('node_modules/@tanstack')) return 'query';
          return undefined;
        },
      },
    },
  },
});
