import type { DepositNetwork } from '@openbourse/contracts/funding.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { IconAlert, IconCopy } from '@/shared/components/icons';
import { useCopy } from '@/shared/hooks/use-copy';
import { useFormat } from '@/shared/hooks/use-format';
import { QrCode } from '@/shared/components/qr-code';

/**
 * Where to send the coins on the chosen network: the address (copy, QR), the minimum, and what not to
 * send. Nothing while the network has no address: the page says deposits on it are not available yet.
 */
export function DepositAddress({ network }: { network: DepositNetwork }) {
  const { t } = useTranslation();
  const format = useFormat();
  const copy = useCopy();
  const names = { currency: network.currency, network: network.network };
  if (!network.address) return null;
  const address = network.address;
  return (
    <div className="deposit-address" data-testid="deposit-address-panel">
      <QrCode text={address} label={t('wallet.deposit.qrAlt', names)} className="deposit-qr" testId="deposit-qr" />
      <div className="deposit-address__details">
        <span className="deposit-address__label">{t('wallet.deposit.address')}</span>
        <div className="deposit-address__box">
          <code className="deposit-address__value" dir="ltr" data-testid="deposit-address">
            {address}
          </code>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void copy(address)}
            aria-label={t('wallet.deposit.copyAddress')}
            data-testid="deposit-copy-address"
          >
            <IconCopy />
            <span className="deposit-address__copy-text">{t('common.copy')}</span>
          </Button>
        </div>
        <dl className="deposit-address__facts">
          <div>
            <dt>{t('wallet.deposit.minimum')}</dt>
            <dd data-testid="deposit-minimum">{format.money(network.minDeposit, network.currency)}</dd>
          </div>
        </dl>
        <p className="deposit-warning" role="note" data-testid="deposit-warning">
          <IconAlert />
          <span>{t('wallet.deposit.warning', names)}</span>
        </p>
      </div>
    </div>
  );
}
