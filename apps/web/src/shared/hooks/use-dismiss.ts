import { type RefObject, useEffect } from 'react';

const ITEMS = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A popover under `ref` (its trigger carries aria-expanded, its panel the id in aria-controls):
 * opening moves focus to the panel's marked item ([data-autofocus]) or its first one; a click
 * outside, focus leaving it, or Escape closes it, and Escape puts focus back on the trigger.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const root = ref.current;
    const trigger = root?.querySelector<HTMLElement>('[aria-expanded]');
    const panelId = trigger?.getAttribute('aria-controls');
    const panel = panelId ? document.getElementById(panelId) : null;
    (panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(ITEMS))?.focus();
    const onPointer = (event: PointerEvent) => {
      if (root && !root.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const inside = root?.contains(document.activeElement);
      close();
      if (inside) trigger?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && root && !root.contains(next)) close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [ref, open, close]);
}
