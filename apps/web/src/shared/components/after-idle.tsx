import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { whenIdle } from '@/shared/lib/idle';

/** How long `prepare` may take before the children render anyway. */
const PREPARE_TIMEOUT_MS = 2_000;
/** `whenNear`: how far below the viewport the children start to render (half a screen ahead). */
const NEAR_MARGIN = '50%';
/** `whenNear`: what counts as the visitor engaging with the page (they may be headed there). */
const ENGAGE_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
/** `whenNear`: the children render after this long in any case (nothing stays missing for good). */
const NEAR_FALLBACK_MS = 8_000;

/**
 * Calls `fn` once `el` comes within NEAR_MARGIN of the viewport, the visitor engages with the
 * page, or NEAR_FALLBACK_MS have passed; at once where IntersectionObserver is missing.
 */
function whenNear(el: Element | null, fn: () => void): () => void {
  if (!el || typeof IntersectionObserver === 'undefined') {
    fn();
    return () => {};
  }
  let done = false;
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && trigger(), {
    rootMargin: `0px 0px ${NEAR_MARGIN} 0px`,
  });
  const timer = setTimeout(trigger, NEAR_FALLBACK_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of ENGAGE_EVENTS) window.removeEventListener(type, trigger, true);
  }
  function trigger() {
    if (done) return;
    done = true;
    stop();
    fn();
  }
  observer.observe(el);
  for (const type of ENGAGE_EVENTS) window.addEventListener(type, trigger, { capture: true, passive: true });
  return stop;
}

/**
 * Renders its children only once the browser has been idle after the first render: for parts of a
 * page that its first paint does not need (below the fold, overlays). `prepare` (e.g. prefetching
 * their data) runs then, and the children wait for it (up to 2 s), so they arrive complete in one
 * render instead of as placeholders followed by updates. With `whenNear`, they also wait until the
 * place they go comes near the viewport (or the visitor engages with the page, or 8 s have passed):
 * a footer far below the fold is not rendered until someone heads for it. Only this component
 * re-renders when they arrive, in a transition (in small slices).
 */
export function AfterIdle({
  children,
  prepare,
  timeoutMs,
  whenNear: near = false,
}: {
  children: ReactNode;
  prepare?: () => Promise<unknown>;
  timeoutMs?: number;
  whenNear?: boolean;
}) {
  const [ready, setReady] = useState(false);
  const marker = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: prepared once, when this mounts
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopWaiting = () => {};
    const cancelIdle = whenIdle(() => {
      const prepared = prepare
        ? Promise.race([
            prepare().catch(() => undefined),
            new Promise((resolve) => {
              timer = setTimeout(resolve, PREPARE_TIMEOUT_MS);
            }),
          ])
        : undefined;
      const arrived = near
        ? new Promise<void>((resolve) => {
            stopWaiting = whenNear(marker.current, resolve);
          })
        : undefined;
      void Promise.all([prepared, arrived]).then(() => {
        clearTimeout(timer);
        if (active) startTransition(() => setReady(true));
      });
    }, timeoutMs);
    return () => {
      active = false;
      cancelIdle();
      stopWaiting();
      clearTimeout(timer);
    };
  }, []);
  if (ready) return children;
  // An empty marker where the children will go, for whenNear to watch.
  return near ? <div ref={marker} className="after-idle" aria-hidden="true" /> : null;
}
