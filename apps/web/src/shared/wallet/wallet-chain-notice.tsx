import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { CHAIN_NAMES, type WalletError } from './ethereum-wallet';
import './wallet.css';

/** The wallet is on a chain the site does not accept: says which, and offers the switch. */
export function WalletChainNotice({
  problem,
  onSwitch,
  busy,
}: {
  problem: WalletError;
  onSwitch(): void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const name = (id: number | null) =>
    id === null ? '' : (CHAIN_NAMES[id] ?? t('siwe.chainNumber', { id: String(id) }));
  const wanted = problem.chainIds[0] ?? null;
  return (
    <div className="wallet-chain" role="alert" data-testid="wallet-wrong-chain">
      <p>
        {t('siwe.wrongChain', {
          current: name(problem.current),
          wanted: problem.chainIds.map((id) => name(id)).join(', '),
        })}
      </p>
      <Button size="sm" variant="secondary" onClick={onSwitch} loading={busy} data-testid="wallet-switch-chain">
        {t('siwe.switchTo', { chain: name(wanted) })}
      </Button>
    </div>
  );
}
