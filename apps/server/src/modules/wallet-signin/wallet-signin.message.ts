/**
 * The checks of a signed EIP-4361 message that need no database: its form, this site's domain and
 * URI, an accepted chain, its times; and the signature, by recovery (plain wallets) or, when a node
 * is configured, by the account's contract (EIP-1271, ERC-6492 before deployment).
 */
import { type Address, type Hex, getAddress, type PublicClient, verifyMessage } from 'viem';
import { createSiweMessage, parseSiweMessage, type SiweMessage } from 'viem/siwe';
import { siteOf, type WalletSignInOptions } from './wallet-signin.config.ts';
import { walletErrors } from './wallet-signin.errors.ts';

export interface CheckedMessage {
  address: Address;
  chainId: number;
  nonce: string;
}

/**
 * Parses and checks a message against the site's terms at `now`. The message must be the canonical
 * text of its own fields (as viem's createSiweMessage writes it, which our client uses): what the
 * wallet showed the user is then exactly what was checked, with nothing after the last field.
 */
export function checkMessage(text: string, options: WalletSignInOptions, now: Date): CheckedMessage {
  const site = siteOf(options.publicUrl);
  const parsed = parseSiweMessage(text) as Partial<SiweMessage>;
  const { address, chainId, domain, nonce, uri, version, issuedAt } = parsed;
  if (!address || chainId === undefined || !domain || !nonce || !uri || !issuedAt || version !== '1') {
    throw walletErrors.invalid();
  }
  if ([issuedAt, parsed.expirationTime, parsed.notBefore].some((d) => d && Number.isNaN(d.getTime()))) {
    throw walletErrors.invalid();
  }
  let canonical: string;
  try {
    canonical = createSiweMessage(parsed as SiweMessage);
  } catch {
    throw walletErrors.invalid();
  }
  if (canonical !== text) throw walletErrors.invalid();
  if (domain !== site.domain || (parsed.scheme !== undefined && parsed.scheme !== site.scheme)) {
    throw walletErrors.domain();
  }
  let origin: string;
  try {
    origin = new URL(uri).origin;
  } catch {
    throw walletErrors.invalid();
  }
  if (origin !== site.uri) throw walletErrors.invalid();
  if (!options.chainIds.includes(chainId)) throw walletErrors.chain(options.chainIds);
  const t = now.getTime();
  if (parsed.expirationTime && parsed.expirationTime.getTime() <= t) throw walletErrors.expired();
  if (parsed.notBefore && parsed.notBefore.getTime() > t + options.clockSkewMs) throw walletErrors.expired();
  if (issuedAt.getTime() > t + options.clockSkewMs) throw walletErrors.expired();
  return { address: getAddress(address), chainId, nonce };
}

export interface SignatureCheck {
  /** True when `signature` is the address's over `message`; false when not; 40119 when the node fails. */
  verify(input: { address: Address; message: string; signature: Hex; chainId: number }): Promise<boolean>;
}

/**
 * Recovery first (no network: every plain wallet); a contract account only through `client`, and
 * only for messages naming the client's own chain (a smart account lives on one chain).
 */
export function createSignatureCheck(client?: PublicClient | null): SignatureCheck {
  return {
    async verify({ address, message, signature, chainId }) {
      try {
        if (await verifyMessage({ address, message, signature })) return true;
      } catch {
        // A signature that is not 65 bytes of r, s, v: maybe a contract account's; else wrong.
      }
      if (!client) return false;
      // Asked every time: viem answers "not valid" when the node does not answer the call, so
      // the node is shown alive first (a refusal then is the account's, not the network's).
      let nodeChain: number;
      try {
        nodeChain = await client.getChainId();
      } catch {
        throw walletErrors.unavailable();
      }
      if (nodeChain !== chainId) return false;
      try {
        return await client.verifyMessage({ address, message, signature });
      } catch {
        throw walletErrors.unavailable();
      }
    },
  };
}
