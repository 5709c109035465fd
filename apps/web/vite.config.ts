import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
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
    // The installable app's service worker (src/sw.ts → dist/sw.js) with the build's file list to
    // precache: the hashed JS/CSS, fonts, icons and the offline page (not index.html: pages always
    // come from the network, so its inline-script hashes and the CSP stay in step). The manifest is
    // the server's (/manifest.webmanifest, named after the platform); the page registers the worker
    // itself (src/features/pwa) and asks before an update takes over.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,woff2,woff,png,svg,ico}', 'offline.html'],
        globIgnores: ['**/.vite/**', 'sw.js', 'index.html'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }) as unknown as PluginOption,
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/swx': { target: API_TARGET, changeOrigin: true },
      '/message': { target: API_TARGET.replace(/^http/, 'ws'), ws: true },
      '/manifest.webmanifest': { target: API_TARGET, changeOrigin: true },
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
