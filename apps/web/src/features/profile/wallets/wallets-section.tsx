import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconWallet } from '@/shared/components/icons';
import { QueryError } from '@/shared/components/query-error';
import { Section } from '@/shared/components/page';
import { SkeletonRows } from '@/shared/components/skeleton';
import { toast } from '@/shared/components/toast/toast-store';
import { useFormat } from '@/shared/hooks/use-format';
import { errorMessage } from '@/shared/lib/api-client';
import { CHAIN_NAMES } from '@/shared/wallet/ethereum-wallet';
import { useWalletProof } from '@/shared/wallet/use-wallet-proof';
import { WalletChainNotice } from '@/shared/wallet/wallet-chain-notice';
import { linkWallet, useRefreshWallets, useUnlinkWallet, useWallets } from './wallets-api';

/** The account centre's "Wallets": the Ethereum wallets that sign in to this account; link and unlink. */
export function WalletsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isPending, error, refetch } = useWallets();
  const unlink = useUnlinkWallet();
  const refresh = useRefreshWallets();
  const [confirming, setConfirming] = useState<number | null>(null);
  const flow = useWalletProof('link', linkWallet, () => {
    toast.success(t('info.wallets.linked'));
    void refresh();
  });
  const remove = (id: number) =>
    unlink.mutate(id, {
      onSuccess: () => toast.success(t('info.wallets.unlinked')),
      onError: (e) => toast.error(errorMessage(e)),
      onSettled: () => setConfirming(null),
    });

  let list: ReactNode;
  if (error) list = <QueryError error={error} onRetry={() => void refetch()} />;
  else if (isPending) list = <SkeletonRows rows={2} />;
  else if (data.length === 0) list = <p className="muted">{t('info.wallets.none')}</p>;
  else
    list = (
      <ul className="account-list">
        {data.map((w) => (
          <li key={w.id} className="account-list__item" data-testid={`wallet-${w.address}`}>
            <div className="account-list__main">
              <span className="account-list__title">
                <bdi dir="ltr" className="wallet-address" title={w.address}>
                  {`${w.address.slice(0, 8)}…${w.address.slice(-6)}`}
                </bdi>
              </span>
              <span className="account-list__meta">
                {CHAIN_NAMES[w.chainId] ?? t('siwe.chainNumber', { id: String(w.chainId) })} ·{' '}
                {w.lastUsedAt
                  ? t('info.wallets.lastUsed', { time: format.dateTime(w.lastUsedAt) })
                  : t('info.wallets.linkedAt', { time: format.dateTime(w.createdAt) })}
              </span>
            </div>
            {confirming === w.id ? (
              <Button
                size="sm"
                variant="danger"
                onClick={() => remove(w.id)}
                loading={unlink.isPending}
                data-testid={`wallet-unlink-confirm-${w.id}`}
              >
                {t('info.wallets.confirmUnlink')}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setConfirming(w.id)}
                data-testid={`wallet-unlink-${w.id}`}
              >
                {t('info.wallets.unlink')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <Section title={t('info.wallets.title')}>
      <p className="section__text">{t('info.wallets.text')}</p>
      <div className="account-sessions" data-testid="wallets-section">
        {list}
        {flow.available ? (
          <Button variant="secondary" onClick={flow.start} loading={flow.busy} data-testid="wallet-link">
            <IconWallet />
            {t('info.wallets.link')}
          </Button>
        ) : (
          <p className="muted" data-testid="wallet-link-hint">
            {t('info.wallets.noWallet')}
          </p>
        )}
        {flow.wrongChain ? (
          <WalletChainNotice problem={flow.wrongChain} onSwitch={flow.switchAndRetry} busy={flow.busy} />
        ) : null}
      </div>
    </Section>
  );
}
