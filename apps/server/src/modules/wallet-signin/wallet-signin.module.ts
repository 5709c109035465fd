/** Wallet sign-in wired once (platform.ts builds it from the configuration; tests build the service directly). */
import { createPublicClient, http, type PublicClient } from 'viem';
import { walletSignInOptionsFromEnv, type WalletSignInOptions } from './wallet-signin.config.ts';
import { createSignatureCheck } from './wallet-signin.message.ts';
import { createWalletSignIn } from './wallet-signin.service.ts';

type ServiceDeps = Omit<Parameters<typeof createWalletSignIn>[0], 'options' | 'signatures'>;

export function buildWalletSignIn(
  deps: ServiceDeps & {
    /** PUBLIC_URL, else http://localhost:<PORT>. */
    publicUrl: string;
    env: NodeJS.ProcessEnv;
    /** Over the environment's options; `client` replaces the node of WALLET_RPC_URL. */
    overrides?: Partial<WalletSignInOptions> & { client?: PublicClient };
  },
) {
  const { publicUrl, env, overrides, ...service } = deps;
  const options = { ...walletSignInOptionsFromEnv(env, publicUrl), ...overrides };
  const client =
    overrides?.client ??
    (options.rpcUrl
      ? createPublicClient({ transport: http(options.rpcUrl, { timeout: 10_000, retryCount: 1 }) })
      : null);
  return createWalletSignIn({ ...service, options, signatures: createSignatureCheck(client) });
}
