/**
 * What a server process does (DESIGN §6). `npm start` runs every role in one process; with
 * PostgreSQL and Redis several processes share them, each started with the roles it should take:
 *
 * - `api`    serves HTTP and /message (quotes from the owner of the feed, pushes from the bus);
 * - `feed`   may own the market feed (tick ids, quotes, candles): one owner at a time, by lease;
 * - `engine` may own the trigger runner (stop losses, take profits, stop-outs, pending entries):
 *            one owner at a time, by lease; later each order book too;
 * - `jobs`   runs durable jobs (each run claimed by one process).
 */
export const ROLES = ['api', 'feed', 'engine', 'jobs'] as const;
export type Role = (typeof ROLES)[number];

/** `ROLES=api,jobs` → those roles; unset or empty → all of them. Unknown names are refused. */
export function parseRoles(value: string | undefined): Role[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'all') return [...ROLES];
  const names = v.split(',').map((s) => s.trim().toLowerCase());
  const unknown = names.filter((n) => !(ROLES as readonly string[]).includes(n));
  if (unknown.length > 0) throw new Error(`unknown role(s) ${unknown.join(', ')}: choose from ${ROLES.join(', ')}`);
  return ROLES.filter((r) => names.includes(r));
}
