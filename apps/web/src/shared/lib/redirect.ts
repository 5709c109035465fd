/** A "?redirect=" target is only followed when it stays on this site (and is not an auth page). */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/pass/')) return fallback;
  return value;
}

/** The login page, remembering where to come back to. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const target = `${location.pathname}${location.search}`;
  return target === '/' ? '/pass/login' : `/pass/login?redirect=${encodeURIComponent(target)}`;
}
