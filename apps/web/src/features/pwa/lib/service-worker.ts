import { Workbox } from 'workbox-window';
import { createStore } from './store';

/** Whether a new version of the app is installed and waits for the user's "reload". */
export const updateStore = createStore<{ waiting: boolean }>({ waiting: false });

let workbox: Workbox | null = null;
let registration: Promise<ServiceWorkerRegistration | undefined> | null = null;

/**
 * Registers the service worker (production builds only: the dev server has none). A new version
 * waits until the user chooses to reload (`applyUpdate`), so a tab never mixes two versions' code.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (registration) return registration;
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    registration = Promise.resolve(undefined);
    return registration;
  }
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => updateStore.set({ waiting: true }));
  registration = wb.register().catch((error: unknown) => {
    console.warn('[pwa] the service worker could not be registered', error);
    return undefined;
  });
  // Look for a new version now and then while the app stays open.
  window.setInterval(() => void wb.update().catch(() => undefined), 60 * 60_000);
  return registration;
}

/** The registration, if the app has a service worker (none in development or old browsers). */
export async function currentRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return (await registerServiceWorker()) ?? (await navigator.serviceWorker?.getRegistration());
}

/** Lets the waiting version take over, then reloads once it controls the page. */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb) {
    window.location.reload();
    return;
  }
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}
