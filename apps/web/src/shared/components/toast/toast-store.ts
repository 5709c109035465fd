export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
  /** A trade's side: its toast wears the side's colour (buy green, sell red). */
  side?: 'buy' | 'sell';
}
type ToastOptions = Pick<Toast, 'side'>;

type Listener = () => void;

const DURATION_MS: Record<ToastTone, number> = { success: 3_500, info: 3_500, error: 5_000 };

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

/** One toast at a time: a new message replaces the previous one, so the newest is never hidden. */
function show(tone: ToastTone, message: string, options: ToastOptions = {}) {
  if (!message) return;
  clearTimeout(timer);
  current = { id: nextId++, tone, message, ...options };
  emit();
  const id = current.id;
  timer = setTimeout(() => dismissToast(id), DURATION_MS[tone]);
}

export function dismissToast(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

export const toastStore = {
  getSnapshot: () => current,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
