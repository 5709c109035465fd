/**
 * Which layout a path gets, as plain functions of the path (no React): the app's layout uses them,
 * and so do the browser journeys, to know what a page will show.
 */

/**
 * The third-party sign-in's callback page, /api/loginCallback/<provider> (the router matches it
 * without regard to case, with or without a trailing slash): it finishes a sign-in or asks for the
 * proof of an existing account. No other /api/ path is a page.
 */
const SIGN_IN_CALLBACK = /^\/api\/logincallback\/[^/]+\/?$/i;

/**
 * Login, register, reset, the second factor and the sign-in callback get the focused auth layout:
 * no main navigation, no tab bar, no "Log in" in the top bar.
 */
export function isAuthPath(pathname: string): boolean {
  return pathname.startsWith('/pass/') || SIGN_IN_CALLBACK.test(pathname);
}

/** Paths where the (phone's) onboarding board would get in the way of what the visitor came for. */
export function boardAllowed(pathname: string): boolean {
  return !isAuthPath(pathname) && !pathname.startsWith('/api/') && pathname !== '/detail';
}
