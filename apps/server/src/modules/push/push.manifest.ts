/**
 * The installable app's web manifest (/manifest.webmanifest), named after the platform (the
 * `site_name` parameter), so an operator's name is what the home screen shows. Colours are the
 * app's theme (index.html's theme-color and background); icons are drawn from the brand mark
 * (apps/web/scripts/pwa-icons.mjs).
 */
export const THEME_COLOR = '#0a101c';

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'any';
  background_color: string;
  theme_color: string;
  categories: string[];
  icons: { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }[];
}

/** A home-screen label: the name if short, else its first word, cut to 12 characters. */
function shortName(name: string): string {
  if ([...name].length <= 12) return name;
  const first = name.split(/\s+/)[0] ?? name;
  return [...first].slice(0, 12).join('');
}

export function buildManifest(siteName: string): WebManifest {
  const name = siteName.trim() || 'OpenBourse';
  return {
    id: '/',
    name,
    short_name: shortName(name),
    description: 'Trade forex, crypto, stocks, futures and ETFs, invest in smart plans and practise on a demo account.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: THEME_COLOR,
    theme_color: THEME_COLOR,
    categories: ['finance'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
