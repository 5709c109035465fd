/// <reference path="./oidc-provider.d.ts" />
/**
 * A local OpenID provider for tests and browser journeys (oidc-provider with its development
 * login and consent pages): any login name signs in, as the account of that name. An account's
 * claims (email, email_verified) are what `accounts` says, or `<name>@example.test`, verified.
 * `authorize` walks the pages with fetch, as a browser would, and answers the callback's query.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface LocalAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface LocalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, LocalAccount>;
  /** Follows an authorization URL through the login (as `login`) and consent pages to the callback. */
  authorize(url: string, login: string): Promise<{ code: string; state: string; iss?: string }>;
  close(): Promise<void>;
}

export async function startLocalProvider(opts: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  accounts?: Record<string, LocalAccount>;
}): Promise<LocalProvider> {
  const clientId = opts.clientId ?? 'local-client';
  const clientSecret = opts.clientSecret ?? 'local-client-secret-0123456789';
  const accounts = new Map(Object.entries(opts.accounts ?? {}));
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        async claims() {
          const a = accounts.get(id) ?? { email: `${id}@example.test`, email_verified: true };
          return { sub: id, ...a };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // As Google does: the email claims in the ID token itself.
    conformIdTokenClaims: false,
    cookies: { keys: ['local-provider-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
  });
  handler = provider.callback();

  async function authorize(url: string, login: string) {
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair = ''] = c.split(';');
        const i = pair.indexOf('=');
        jar.set(pair.slice(0, i), pair.slice(i + 1));
      }
    };
    const redirectPrefixes = opts.redirectUris;
    let next: { url: string; body?: URLSearchParams } = { url };
    for (let hop = 0; hop < 20; hop++) {
      const res = await fetch(next.url, {
        method: next.body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: cookie(), ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(next.body ? { body: next.body } : {}),
      });
      keep(res);
      const location = res.headers.get('location');
      if (location) {
        const to = new URL(location, next.url);
        if (redirectPrefixes.some((r) => to.href.startsWith(r))) {
          const code = to.searchParams.get('code');
          const state = to.searchParams.get('state');
          if (!code || !state) throw new Error(`the provider answered ${to.search}`);
          const iss = to.searchParams.get('iss');
          return { code, state, ...(iss ? { iss } : {}) };
        }
        next = { url: to.href };
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!action || !prompt)
        throw new Error(`unexpected page from the provider (${res.status}): ${html.slice(0, 300)}`);
      const body = new URLSearchParams({ prompt });
      if (prompt === 'login') {
        body.set('login', login);
        body.set('password', 'any');
      }
      next = { url: new URL(action.replace(/&amp;/g, '&'), next.url).href, body };
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    authorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
