import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidField } from './errors.ts';

/**
 * PostgreSQL text cannot hold U+0000: a NUL byte reaching a query fails it (an unexpected error,
 * 50000). Every route's input is checked before validation instead, and the first string holding
 * one answers 40001 naming its field, as any other malformed field does.
 */

/** Nesting followed before refusing: far deeper than any request schema, shallow enough to walk. */
const MAX_DEPTH = 32;

const NUL = '\u0000';

type Source = 'body' | 'query' | 'params';

/** The field name as validation errors give it: `a.0.b`, the bare key for query and path parameters. */
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** Keys are named without their NULs, so the answer never echoes one back. */
const clean = (key: string) => key.split(NUL).join('');

/** Parsed JSON, or a parsed query string (whose prototype is an empty null-prototype object). */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * The field of the first string (or object key) holding a NUL byte, or of a value nested deeper
 * than MAX_DEPTH; null when the input is clean. Walks plain objects and arrays only (parsed JSON,
 * query strings, path parameters; not buffers or streams), each once (multipart bodies link back
 * to themselves), with an explicit stack so no input can exhaust the call stack.
 */
export function findNulField(input: unknown, root = ''): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: root, depth: 0 }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
      continue;
    }
    const isArray = Array.isArray(value);
    if (!isArray && !isPlainObject(value)) continue;
    if (seen.has(value as object)) continue;
    seen.add(value as object);
    if (depth >= MAX_DEPTH) return path;
    // Pushed in reverse so the first offending field in document order is the one named.
    const entries: [string | number, unknown][] = isArray
      ? value.map((v, i) => [i, v] as [number, unknown])
      : Object.entries(value as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (typeof key === 'string' && key.includes(NUL)) return join(path, clean(key)) || path;
      stack.push({ value: child, path: join(path, key), depth: depth + 1 });
    }
  }
  return null;
}

function check(req: FastifyRequest, source: Source): void {
  const value = req[source];
  if (value === undefined || value === null) return;
  const field = findNulField(value);
  if (field !== null) throw invalidField(field || source);
}

/** Refuses NUL bytes in the body, query string and path parameters of every route (40001 + field). */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    check(req, 'params');
    check(req, 'query');
    check(req, 'body');
  });
}
