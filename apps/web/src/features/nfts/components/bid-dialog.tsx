import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { NftDetail } from '@openbourse/contracts/nfts.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/components/button';
import { Modal } from '@/shared/components/modal';
import { TextField } from '@/shared/components/text-field';
import { toast } from '@/shared/components/toast/toast-store';
import { errorText } from '@/shared/i18n/i18n';
import { useSession } from '@/shared/session/use-session';
import { useAvailable, useBidNft } from '../api/nfts';
import { type BidProblem, bidProblem, inputAmount, spendable } from '../lib/nft-rules';
import { RefusalNotice, refusalOf } from './nft-notice';
import { useNftFormat } from './nft-parts';

/**
 * A bid, with what it does to the balance said before it is sent: the amount is held from the
 * available real balance until the user is outbid (released at once) or wins (donated to the
 * charity). The minimum next bid is prefilled; the page refuses what the server would (10016, 40063,
 * 40066, 10011) and words the server's own refusals.
 */
export function BidDialog({ item, onClose }: { item: NftDetail; onClose(): void }) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const isDesktop = useSession((s) => s.isDesktop);
  const [amount, setAmount] = useState(() => inputAmount(item.minNextBid));
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<{ code: number; text: string } | null>(null);
  const { available } = useAvailable(item.currency, true);
  const bid = useBidNft();
  const money = (v: string | null) => f.money(v, item.currency);
  const leading = item.mine?.leading ? item.currentBid : null;
  const problem = bidProblem(amount, item, spendable(available, leading, item.scale));
  const value = amount.trim();

  const problemText = (p: BidProblem) => {
    if (p === 'low') return t('nfts.bid.tooLow', { min: money(item.minNextBid) });
    if (p === 'buyNow') return errorText(ErrorCode.NftBidAtBuyNow);
    if (p === 'balance') return errorText(ErrorCode.BalanceInsufficientRecharge);
    return errorText(ErrorCode.PurchaseAmountWrong);
  };

  const confirm = () => {
    setTouched(true);
    if (problem || bid.isPending) return;
    setRefusal(null);
    bid.mutate(
      { id: item.id, amount: value },
      {
        onSuccess() {
          toast.success(t('nfts.bid.placed', { amount: money(value), title: item.title }));
          onClose();
        },
        onError: (error) => setRefusal(refusalOf(error)),
      },
    );
  };

  const shownProblem = touched || value !== inputAmount(item.minNextBid) ? problem : null;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('nfts.bid.title')}
      variant={isDesktop ? 'center' : 'sheet'}
      testId="nft-bid-dialog"
    >
      <form
        className="nft-dialog"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <p className="nft-dialog__item">{item.title}</p>
        <dl className="details">
          <div className="details__row">
            <dt>{t('nfts.item.currentBid')}</dt>
            <dd className="num" data-testid="nft-bid-current">
              {money(item.currentBid)}
            </dd>
          </div>
          <div className="details__row">
            <dt>{t('nfts.item.minNextBid')}</dt>
            <dd className="num" data-testid="nft-bid-min">
              {money(item.minNextBid)}
            </dd>
          </div>
          <div className="details__row">
            <dt>{t('nfts.bid.available')}</dt>
            <dd className="num" data-testid="nft-bid-available">
              {available === null ? '…' : money(available)}
            </dd>
          </div>
        </dl>
        <TextField
          label={t('nfts.bid.amount', { currency: item.currency })}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setRefusal(null);
          }}
          onBlur={() => setTouched(true)}
          error={shownProblem && shownProblem !== 'balance' ? problemText(shownProblem) : undefined}
          hint={t('nfts.bid.hint', { min: money(item.minNextBid), step: f.step(item.bidStepBps) })}
          testId="nft-bid-amount"
          data-autofocus
        />
        {shownProblem === 'balance' ? (
          <RefusalNotice
            code={ErrorCode.BalanceInsufficientRecharge}
            text={problemText('balance')}
            currency={item.currency}
            testId="nft-bid-short"
          />
        ) : null}
        <p className="nft-dialog__hold" data-testid="nft-bid-hold">
          {t('nfts.bid.hold', {
            amount: problem === 'format' ? money(item.minNextBid) : money(value),
            charity: item.charity.name,
          })}
        </p>
        {item.extendSeconds > 0 ? (
          <p className="form__note" data-testid="nft-bid-extend">
            {t('nfts.rules.extend', { minutes: f.minutes(item.extendSeconds) })}
          </p>
        ) : null}
        {refusal ? (
          <RefusalNotice code={refusal.code} text={refusal.text} currency={item.currency} testId="nft-bid-error" />
        ) : null}
        <div className="nft-dialog__actions">
          <Button type="button" variant="secondary" onClick={onClose} data-testid="nft-bid-cancel">
            {t('nfts.cancel')}
          </Button>
          <Button type="submit" loading={bid.isPending} data-testid="nft-bid-confirm">
            {t('nfts.bid.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
