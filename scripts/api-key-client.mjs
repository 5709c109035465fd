#!/usr/bin/env node
// A minimal OpenBourse API-key client (Node 20+, no dependencies): signs each request with the key's
// secret as the server checks it, and prints the answer.
//
//   export OB_URL=http://localhost:8080 OB_KEY=obk_… OB_SECRET=…
//   node scripts/api-key-client.mjs balances
//   node scripts/api-key-client.mjs spot-order <pairId> <buy|sell> <price> <quantity>
//   node scripts/api-key-client.mjs spot-orders <pairId>
//   node scripts/api-key-client.mjs get  '/swx/customer/order/listUOrder?status=2'
//   node scripts/api-key-client.mjs post /swx/customer/order/buyU '{"instrumentId":1,"side":"buy","lots":"0.1","leverage":10}'
//
// Signature: X-OB-SIGNATURE = hex(HMAC-SHA256(secret, timestamp + METHOD + path with query + raw body)),
// X-OB-TIMESTAMP = the same timestamp (ms since the epoch), X-OB-KEY = the key id. The server refuses a
// timestamp older than 10 s or ahead of its clock, and any signature it has seen before: sign each
// request anew, right before sending it, and keep your clock on time (NTP).
import { createHmac } from 'node:crypto';
import { pathToFileURL } from 'node:url';

/** The three headers of a signed request. `body` is the exact string sent (empty for none). */
export function signRequest({ keyId, secret, method, path, body = '', timestamp = Date.now() }) {
  const ts = String(timestamp);
  const signature = createHmac('sha256', secret)
    .update(ts + method.toUpperCase() + path + body)
    .digest('hex');
  return { 'X-OB-KEY': keyId, 'X-OB-TIMESTAMP': ts, 'X-OB-SIGNATURE': signature };
}

/** Sends a signed request; answers the envelope { code, msg, result } (code 200 is success). */
export async function call({ baseUrl, keyId, secret, method, path, body, headers = {} }) {
  const raw = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      ...(raw ? { 'content-type': 'application/json' } : {}),
      ...headers,
      ...signRequest({ keyId, secret, method, path, body: raw }),
    },
    ...(raw ? { body: raw } : {}),
  });
  return res.json();
}

async function main(argv) {
  const { OB_URL = 'http://localhost:8080', OB_KEY, OB_SECRET, OB_DEMO } = process.env;
  if (!OB_KEY || !OB_SECRET) throw new Error('set OB_KEY and OB_SECRET (and OB_URL, default http://localhost:8080)');
  const base = {
    baseUrl: OB_URL,
    keyId: OB_KEY,
    secret: OB_SECRET,
    headers: OB_DEMO === '1' ? { virtually: 'YES' } : {},
  };
  const [command, ...args] = argv;
  switch (command) {
    case 'balances':
      return call({ ...base, method: 'GET', path: '/swx/customer/user/getBalances' });
    case 'spot-order': {
      const [pairId, side, price, quantity] = args;
      if (!pairId || !side || !price || !quantity) throw new Error('spot-order <pairId> <buy|sell> <price> <quantity>');
      return call({
        ...base,
        method: 'POST',
        path: '/swx/customer/order/submit',
        body: { pairId: Number(pairId), side, type: 'limit', price, quantity },
      });
    }
    case 'spot-orders':
      return call({ ...base, method: 'GET', path: `/swx/customer/order/listBbOrder?pairId=${Number(args[0])}` });
    case 'get':
      return call({ ...base, method: 'GET', path: args[0] });
    case 'post':
      return call({ ...base, method: 'POST', path: args[0], body: args[1] ?? '{}' });
    default:
      throw new Error('commands: balances | spot-order | spot-orders | get <path> | post <path> [json]');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (answer) => {
      console.log(JSON.stringify(answer, null, 2));
      process.exitCode = answer?.code === 200 ? 0 : 1;
    },
    (err) => {
      console.error(err.message);
      process.exitCode = 2;
    },
  );
}
