import { ErrorCode, SuccessCode } from '@openbourse/contracts/errors.ts';
import type { NftDetail } from '@openbourse/contracts/nfts.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { Modal } from '@/shared/components/modal';
import { toast } from '@/shared/components/toast/toast-store';
import { errorText } from '@/shared/i18n/i18n';
import { useSession } from '@/shared/session/use-session';
import { useAvailable, useBuyNft } from '../api/nfts';
import { covers } from '../lib/nft-rules';
import { RefusalNotice, refusalOf } from './nft-notice';
import { useNftFormat } from './nft-parts';

/**
 * Buy now at the item's price: paid to the charity at once, and the auction ends (every bid's hold is
 * released). The price the user saw travels with the request, so a changed price is refused (10016).
 */
export function BuyDialog({ item, onClose }: { item: NftDetail; onClose(): void }) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const isDesktop = useSession((s) => s.isDesktop);
  const [refusal, setRefusal] = useState<{ code: number; text: string } | null>(null);
  const { available } = useAvailable(item.currency, true);
  const buy = useBuyNft();
  const price = item.buyNow ?? '0';
  const money = (v: string | null) => f.money(v, item.currency);
  const short = !covers(available, price, item.scale);

  const confirm = () => {
    if (buy.isPending || short || !item.buyNow) return;
    setRefusal(null);
    buy.mutate(
      { id: item.id, price },
      {
        onSuccess(answer) {
          toast.success(answer.msg && answer.msg !== 'Success' ? answer.msg : errorText(SuccessCode.PurchaseSuccess));
          onClose();
        },
        onError: (error) => setRefusal(refusalOf(error)),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('nfts.buy.title')}
      variant={isDesktop ? 'center' : 'sheet'}
      testId="nft-buy-dialog"
    >
      <div className="nft-dialog">
        <p className="nft-dialog__item">{item.title}</p>
        <dl className="details">
          <div className="details__row">
            <dt>{t('nfts.item.buyNow')}</dt>
            <dd className="num num--strong" data-testid="nft-buy-price">
              {money(price)}
            </dd>
          </div>
          <div className="details__row">
            <dt>{t('nfts.bid.available')}</dt>
            <dd className="num" data-testid="nft-buy-available">
              {available === null ? '…' : money(available)}
            </dd>
          </div>
        </dl>
        <p className="nft-dialog__hold" data-testid="nft-buy-text">
          {t('nfts.buy.text', { amount: money(price), charity: item.charity.name })}
        </p>
        {short ? (
          <RefusalNotice
            code={ErrorCode.BalanceInsufficientRecharge}
            text={errorText(ErrorCode.BalanceInsufficientRecharge)}
            currency={item.currency}
            testId="nft-buy-short"
          />
        ) : null}
        {refusal ? (
          <RefusalNotice code={refusal.code} text={refusal.text} currency={item.currency} testId="nft-buy-error" />
        ) : null}
        <div className="nft-dialog__actions">
          <Button variant="secondary" onClick={onClose} data-testid="nft-buy-cancel">
            {t('nfts.cancel')}
          </Button>
          <Button
            onClick={confirm}
            loading={buy.isPending}
            disabled={short}
            data-autofocus
            data-testid="nft-buy-confirm"
          >
            {t('nfts.buy.confirm', { amount: money(price) })}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
