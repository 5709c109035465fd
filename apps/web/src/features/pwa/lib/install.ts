import { createStore } from './store';

/** Chromium's install prompt event (not in the DOM lib). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The deferred install prompt (Chromium, when the app is installable and not installed) and whether it was installed now. */
export const installStore = createStore<{ prompt: BeforeInstallPromptEvent | null; installed: boolean }>({
  prompt: null,
  installed: false,
});

let listening = false;

/** Keeps Chromium's install prompt for the download page's button (the event comes once, early). */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installStore.set({ ...installStore.get(), prompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => installStore.set({ prompt: null, installed: true }));
}

/** Running as the installed app (a home-screen or desktop window, not a browser tab). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** iPhone and iPad (iPadOS says "Macintosh" but has touch): installing is Share → Add to Home Screen. */
export function isIos(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && touchPoints > 1);
}

/** Asks Chromium to install; answers whether the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const { prompt } = installStore.get();
  if (!prompt) return false;
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  // The event can be used once.
  installStore.set({ prompt: null, installed: outcome === 'accepted' });
  return outcome === 'accepted';
}
