import { randomFillSync } from 'node:crypto';
import type { BuyURequest } from '@openbourse/contracts/trading.ts';
import type { z } from 'zod';
import { sha256 } from '../../lib/crypto.ts';
import { trimDecimal } from './trading.pricing.ts';

/**
 * What identifies an order to its user. The internal id is a sequence (keys, fills, ledger
 * references); shown to users it would count the platform's orders, so they see a random public
 * id instead, and an order number built from it.
 */

/** Public ids lie in [2^52, 2^53): always 16 digits, and exact as a JS number and in JSON. */
export const PUBLIC_ID_MIN = 2 ** 52;
export const PUBLIC_ID_END = 2 ** 53;

/** Where public ids come from (injectable so a test can force a collision). */
export type PublicIdSource = () => number;

/** The CSPRNG's bytes, drawn 4 KiB at a time: one system call per 512 orders instead of per order. */
const entropy = Buffer.alloc(4096);
let entropyAt = entropy.length;

/** 52 random bits from the system's CSPRNG, above 2^52. */
export const randomPublicId: PublicIdSource = () => {
  if (entropyAt >= entropy.length) {
    randomFillSync(entropy);
    entropyAt = 0;
  }
  const bits = entropy.readBigUInt64BE(entropyAt) >> 12n;
  entropyAt += 8;
  return Number((1n << 52n) | bits);
};

export function isPublicId(n: number): boolean {
  return Number.isSafeInteger(n) && n >= PUBLIC_ID_MIN && n < PUBLIC_ID_END;
}

/** "U" + UTC date of placement + the public id, e.g. U20261118 + 16 digits. */
export function orderNo(publicId: number, at: Date): string {
  const d = at.toISOString().slice(0, 10).replace(/-/g, '');
  return `U${d}${publicId}`;
}

type BuyInput = z.output<typeof BuyURequest>;

const decimal = (v: string | null | undefined) => (v ? trimDecimal(v) : null);

/**
 * Digest of what a buyU asks for, normalised as the service reads it: decimals by value ("0.10"
 * is "0.1"; the grids refuse rather than round, so equal values are the only equal orders), the
 * entry price only for limit / stop orders (market orders ignore it), "" and absent stops as none.
 * A retry with the same clientOrderId must carry the same digest.
 */
export function clientRequestDigest(input: BuyInput): string {
  const pending = input.type !== 'market';
  const canonical = [
    'buyU:v1',
    input.instrumentId,
    input.side,
    input.type,
    decimal(input.lots),
    input.leverage,
    pending ? decimal(input.price) : null,
    decimal(input.stopLoss),
    decimal(input.takeProfit),
  ];
  return sha256(JSON.stringify(canonical));
}
