/** Where the customer API lives, relative to the page's origin (the server serves both). */
export const API_BASE_PATH = '/swx/customer';
/** The live quote feed. */
export const LIVE_FEED_PATH = '/message';
/** Spec §9: every call gives up after 90 seconds. */
export const REQUEST_TIMEOUT_MS = 90_000;
/** Shown when the site_name parameter is missing or not loaded yet. */
export const DEFAULT_SITE_NAME = 'OpenBourse';
