/**
 * Whether a withdrawal address belongs to the network it is sent on (issue: money in and out):
 * pure, no network access. A mistyped address is refused before any money is held, not found out
 * by an operator, or worse, by the chain.
 *
 *   TRC20      TRON: base58check of 21 bytes starting 0x41 ("T…", 34 characters)
 *   ERC20/ETH  Ethereum: 0x + 40 hex digits; mixed case must match its EIP-55 checksum
 *   BTC        Bitcoin: bech32 v0 (bc1q…), bech32m v1+ (bc1p…), or legacy base58check P2PKH (1…) / P2SH (3…)
 *   LTC        Litecoin: bech32 / bech32m (ltc1…), or base58check L… / M… / 3…
 *   DOGE       Dogecoin: base58check D… (P2PKH) / 9… or A… (P2SH)
 *   BEP20      BNB Smart Chain: as Ethereum
 *   TRON       TRX itself, on TRON: as TRC20
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);

function decode58(address: string): Uint8Array | null {
  try {
    return base58check.decode(address);
  } catch {
    return null;
  }
}

export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = decode58(address);
  return bytes !== null && bytes.length === 21 && bytes[0] === 0x41;
}

/** EIP-55: each letter upper case where the keccak-256 of the lower-case address has a nibble ≥ 8. */
export function eip55(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i];
  }
  return out;
}

export function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  // All one case carries no checksum (wallets show it so too); mixed case must be the checksum.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return eip55(address) === address;
}

/** A segwit address of `hrp` (BIP-173 / BIP-350): one case, v0 in bech32 (20 or 32 bytes), v1+ in bech32m. */
function isSegwit(address: string, hrp: string): boolean {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return false;
  if (!lower.startsWith(`${hrp}1`)) return false;
  for (const codec of [bech32, bech32m]) {
    try {
      const { prefix, words } = codec.decode(lower as `${string}1${string}`);
      if (prefix !== hrp || words.length === 0) continue;
      const version = words[0]!;
      const program = codec.fromWords(words.slice(1));
      if (version === 0 && codec === bech32 && (program.length === 20 || program.length === 32)) return true;
      if (version >= 1 && version <= 16 && codec === bech32m && program.length >= 2 && program.length <= 40) {
        return version !== 1 || program.length === 32;
      }
    } catch {
      // not this encoding
    }
  }
  return false;
}

/** A legacy base58check address: 21 bytes, the first one of `versions`. */
function isBase58Address(address: string, versions: readonly number[]): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{25,35}$/.test(address)) return false;
  const bytes = decode58(address);
  return bytes !== null && bytes.length === 21 && versions.includes(bytes[0]!);
}

export function isBitcoinAddress(address: string): boolean {
  if (/^(bc1|BC1)/.test(address)) return isSegwit(address, 'bc');
  return /^[13]/.test(address) && isBase58Address(address, [0x00, 0x05]);
}

export function isLitecoinAddress(address: string): boolean {
  if (/^(ltc1|LTC1)/.test(address)) return isSegwit(address, 'ltc');
  return /^[LM3]/.test(address) && isBase58Address(address, [0x30, 0x32, 0x05]);
}

export function isDogecoinAddress(address: string): boolean {
  return /^[D9A]/.test(address) && isBase58Address(address, [0x1e, 0x16]);
}

const VALIDATORS: Record<string, (address: string) => boolean> = {
  TRC20: isTronAddress,
  ERC20: isEthereumAddress,
  ETH: isEthereumAddress,
  BEP20: isEthereumAddress,
  TRON: isTronAddress,
  BTC: isBitcoinAddress,
  LTC: isLitecoinAddress,
  DOGE: isDogecoinAddress,
};

/** Whether `address` is a well-formed address of `network` (false for a network this build does not know). */
export function isAddressOf(network: string, address: string): boolean {
  const check = VALIDATORS[network];
  return check !== undefined && address.length <= 100 && check(address);
}
