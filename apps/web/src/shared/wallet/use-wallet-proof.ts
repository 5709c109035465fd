import type { WalletNoncePurpose, WalletProof } from '@openbourse/contracts/wallet-signin.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/components/toast/toast-store';
import { errorMessage } from '@/shared/lib/api-client';
import { proveWallet, switchChain, WalletError, walletProvider } from './ethereum-wallet';

/**
 * The wallet half of a sign-in or a link: asks the wallet for a signed message and hands it to
 * `submit` (the server call); a refusal is told in a toast, a wrong chain is kept for the page to
 * offer the switch (`switchAndRetry`).
 */
export function useWalletProof<T>(
  purpose: WalletNoncePurpose,
  submit: (proof: WalletProof) => Promise<T>,
  onDone: (result: T) => void,
) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [wrongChain, setWrongChain] = useState<WalletError | null>(null);
  const available = walletProvider() !== null;

  async function run() {
    setBusy(true);
    setWrongChain(null);
    try {
      const proof = await proveWallet(purpose, t('siwe.statement'));
      onDone(await submit(proof));
    } catch (err) {
      if (err instanceof WalletError) {
        if (err.problem === 'wrongChain') setWrongChain(err);
        else toast.error(t(`siwe.problem.${err.problem}`));
      } else {
        toast.error(errorMessage(err));
      }
    } finally {
      setBusy(false);
    }
  }

  async function switchAndRetry() {
    const target = wrongChain?.chainIds[0];
    if (target === undefined) return;
    try {
      await switchChain(target);
    } catch (err) {
      const problem = err instanceof WalletError ? err.problem : 'failed';
      toast.error(t(`siwe.problem.${problem}`));
      return;
    }
    await run();
  }

  return { available, busy, wrongChain, start: () => void run(), switchAndRetry: () => void switchAndRetry() };
}
