import { z } from 'zod';

/** How wallet sign-in checks a message. */
export interface WalletSignInOptions {
  /** The site's origin (PUBLIC_URL): its host is the message's domain, the origin its URI. */
  publicUrl: string;
  /** Chains a message may name (WALLET_CHAIN_IDS, comma-separated; default 1, Ethereum mainnet). */
  chainIds: readonly number[];
  /**
   * A JSON-RPC node (WALLET_RPC_URL) of one accepted chain: smart-account (EIP-1271 / ERC-6492)
   * signatures are checked through it for messages naming that chain. Without it only plain
   * (EOA) wallets sign in.
   */
  rpcUrl?: string | undefined;
  /** How long a nonce lives. */
  nonceTtlMs: number;
  /** How far ahead of our clock a message's Issued At may be (the wallet's clock may run ahead). */
  clockSkewMs: number;
}

export const DEFAULT_NONCE_TTL_MS = 10 * 60_000;
export const DEFAULT_CLOCK_SKEW_MS = 2 * 60_000;

const ChainIds = z
  .string()
  .regex(/^\s*\d{1,12}(\s*,\s*\d{1,12})*\s*$/, 'comma-separated chain ids, e.g. 1,8453')
  .transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim())))]);

/** The options from the environment; `publicUrl` from the validated config (PUBLIC_URL, else localhost:PORT). */
export function walletSignInOptionsFromEnv(env: NodeJS.ProcessEnv, publicUrl: string): WalletSignInOptions {
  const chains = env.WALLET_CHAIN_IDS ? ChainIds.safeParse(env.WALLET_CHAIN_IDS) : null;
  if (chains && !chains.success)
    throw new Error(`Invalid configuration:\n  WALLET_CHAIN_IDS: ${chains.error.issues[0]?.message}`);
  const rpc = env.WALLET_RPC_URL ? z.string().url().safeParse(env.WALLET_RPC_URL) : null;
  if (rpc && !rpc.success) throw new Error('Invalid configuration:\n  WALLET_RPC_URL: not a URL');
  return {
    publicUrl,
    chainIds: chains?.data ?? [1],
    rpcUrl: rpc?.data,
    nonceTtlMs: DEFAULT_NONCE_TTL_MS,
    clockSkewMs: DEFAULT_CLOCK_SKEW_MS,
  };
}

/** The message's domain (host[:port]) and URI (origin) for a public URL. */
export function siteOf(publicUrl: string) {
  const url = new URL(publicUrl);
  return { domain: url.host, uri: url.origin, scheme: url.protocol.replace(/:$/, '') };
}
