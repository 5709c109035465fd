import type { Language } from '@openbourse/contracts/languages.ts';

export type AccountMode = 'real' | 'demo';

export interface AuthedUser {
  id: number;
  username: string;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    accountMode: AccountMode;
    /** Set by the auth hook when a valid token came with the request. */
    user: AuthedUser | null;
  }
  interface FastifyContextConfig {
    /** 'required': a missing or expired token answers HTTP 401; 'optional': resolved when present. */
    auth?: 'required' | 'optional';
  }
}

/** `virtually: YES` selects the demo account; anything else (or nothing) the real one (DESIGN §4). */
export function resolveAccountMode(header: string | string[] | undefined): AccountMode {
  const v = Array.isArray(header) ? header[0] : header;
  return v?.trim().toUpperCase() === 'YES' ? 'demo' : 'real';
}

/** Accepts a raw token or `Bearer <token>`. */
export function extractToken(header: string | undefined): string | null {
  if (!header) return null;
  const v = header.trim();
  const token = v.toLowerCase().startsWith('bearer ') ? v.slice(7).trim() : v;
  return token.length > 0 && token.length <= 256 ? token : null;
}
