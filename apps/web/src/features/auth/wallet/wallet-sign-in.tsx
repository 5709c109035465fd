import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/shared/components/button';
import { IconWallet } from '@/shared/components/icons';
import { toast } from '@/shared/components/toast/toast-store';
import { useWalletProof } from '@/shared/wallet/use-wallet-proof';
import { WalletChainNotice } from '@/shared/wallet/wallet-chain-notice';
import { completeLogin, isChallenge, TWO_FACTOR_PATH, welcomeKey } from '../components/complete-login';
import { loginByDapp } from './login-by-dapp';

/**
 * "Connect wallet" under the sign-in and register forms (Sign-In with Ethereum): shown when the
 * browser has an Ethereum wallet, else a one-line hint. A new wallet gets its own account.
 */
export function WalletSignIn({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flow = useWalletProof('signin', loginByDapp, (outcome) => {
    if (isChallenge(outcome)) {
      navigate(TWO_FACTOR_PATH, { state: { challenge: outcome.twoFactor, redirect } });
      return;
    }
    completeLogin(queryClient, outcome);
    toast.success(t(welcomeKey(outcome), { name: outcome.user.username }));
    navigate(redirect, { replace: true });
  });
  return (
    <div className="wallet-signin" data-testid="wallet-signin">
      <p className="wallet-or">{t('siwe.or')}</p>
      {flow.available ? (
        <>
          <Button
            variant="secondary"
            size="lg"
            block
            onClick={flow.start}
            loading={flow.busy}
            data-testid="wallet-connect"
          >
            <IconWallet />
            {t('siwe.connect')}
          </Button>
          {flow.wrongChain ? (
            <WalletChainNotice problem={flow.wrongChain} onSwitch={flow.switchAndRetry} busy={flow.busy} />
          ) : null}
        </>
      ) : (
        <p className="wallet-hint" data-testid="wallet-hint">
          {t('siwe.noWallet')}
        </p>
      )}
    </div>
  );
}
