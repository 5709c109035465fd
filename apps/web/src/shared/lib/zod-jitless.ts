/**
 * Zod compiles a fast parser for each object schema with `new Function` when eval is allowed, and
 * probes for that when the first object schema is built. The server's Content-Security-Policy
 * allows no eval (apps/server/src/http/security-headers.ts), so the probe fails (zod falls back to
 * its plain parser) and the browser reports a `script-src` violation on every page that loads the
 * forms' schemas. Jitless mode (zod's `config({ jitless: true })`) skips the probe.
 *
 * Zod keeps that configuration in `globalThis.__zod_globalConfig` and adopts an existing one when it
 * loads (zod/v4/core/core.js), so it is seeded here, imported first by main.tsx, without pulling zod
 * into the entry chunk (it ships with the lazy form routes). e2e/journeys/csp.test.ts fails if the
 * probe comes back.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
