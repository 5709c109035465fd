import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { NftDetail } from '@openbourse/contracts/nfts.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountModeSwitch } from '@/shared/components/account-mode-toggle';
import { Button } from '@/shared/components/button';
import { IconCheck, IconInfo } from '@/shared/components/icons';
import { LoginPrompt } from '@/shared/components/login-prompt';
import { errorText } from '@/shared/i18n/i18n';
import { useSession } from '@/shared/session/use-session';
import { useNow } from '@/shared/hooks/use-now';
import { phaseOf } from '../lib/nft-rules';
import { BidDialog } from './bid-dialog';
import { BuyDialog } from './buy-dialog';
import { RefusalNotice } from './nft-notice';
import { Countdown, useNftFormat } from './nft-parts';

function Note({ text, testId, good }: { text: string; testId: string; good?: boolean }) {
  return (
    <p className={`notice-bar ${good ? 'nft-note--good' : ''}`.trim()} role="note" data-testid={testId}>
      {good ? <IconCheck /> : <IconInfo />}
      <span>{text}</span>
    </p>
  );
}

/** Where the user stands on a live item: leading, outbid, or not bidding yet. */
function MyStanding({ item }: { item: NftDetail }) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const mine = item.mine;
  if (!mine?.myBid) return null;
  return mine.leading ? (
    <Note good testId="nft-leading" text={t('nfts.item.youLead', { amount: f.money(mine.myBid, item.currency) })} />
  ) : (
    <Note testId="nft-outbid" text={t('nfts.item.youOutbid', { amount: f.money(mine.myBid, item.currency) })} />
  );
}

/**
 * The item's price, time left and what the user can do: bid and buy now while live (after a log in,
 * from the real account), or how the sale ended.
 */
export function ActionPanel({ item }: { item: NftDetail }) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const { demo } = useAccountModeSwitch();
  const now = useNow(item.status === 'live' || item.status === 'upcoming');
  const phase = phaseOf(item, now);
  const [dialog, setDialog] = useState<'bid' | 'buy' | null>(null);
  const [demoRefused, setDemoRefused] = useState(false);
  const money = (v: string | null) => f.money(v, item.currency);
  const open = (which: 'bid' | 'buy') => {
    if (demo) return setDemoRefused(true);
    setDialog(which);
  };

  let actions = null;
  if (phase === 'live') {
    if (!isLoggedIn) actions = <LoginPrompt text={t('nfts.item.loginToBid')} />;
    else if (item.mine?.seller) actions = <Note testId="nft-seller" text={errorText(ErrorCode.NftOwnItem)} />;
    else
      actions = (
        <>
          <MyStanding item={item} />
          {demoRefused && demo ? (
            <RefusalNotice
              code={ErrorCode.DemoNotAllowed}
              text={errorText(ErrorCode.DemoNotAllowed)}
              currency={item.currency}
              testId="nft-demo"
            />
          ) : null}
          <div className="nft-actions">
            <Button size="lg" block onClick={() => open('bid')} data-testid="nft-bid-open">
              {t('nfts.bid.open', { amount: money(item.minNextBid) })}
            </Button>
            {item.buyNow ? (
              <Button size="lg" block variant="secondary" onClick={() => open('buy')} data-testid="nft-buy-open">
                {t('nfts.buy.open', { amount: money(item.buyNow) })}
              </Button>
            ) : null}
          </div>
        </>
      );
  } else if (phase === 'upcoming') {
    actions = <Note testId="nft-upcoming" text={t('nfts.item.opensAt', { time: f.dateTime(item.startAt) })} />;
  } else if (phase === 'ending') {
    actions = <Note testId="nft-settling" text={t('nfts.item.settling')} />;
  } else if (item.status === 'sold') {
    actions = (
      <>
        <Note
          good
          testId="nft-sold"
          text={t(item.soldBy === 'buy_now' ? 'nfts.item.soldBuyNow' : 'nfts.item.soldAuction', {
            amount: money(item.soldPrice),
            charity: item.charity.name,
            time: item.soldAt ? f.dateTime(item.soldAt) : '',
          })}
        />
        {item.mine?.owner ? <Note good testId="nft-owner" text={t('nfts.item.youOwn')} /> : null}
      </>
    );
  } else {
    actions = (
      <Note testId="nft-closed" text={t(`nfts.item.closed.${item.status === 'withdrawn' ? 'withdrawn' : 'unsold'}`)} />
    );
  }

  return (
    <div className="nft-action" data-testid="nft-action">
      <div className="nft-action__price">
        <span className="nft-action__label">
          {item.status === 'sold'
            ? t('nfts.item.soldFor')
            : item.currentBid
              ? t('nfts.item.currentBid')
              : t('nfts.item.startPrice')}
        </span>
        <strong className="nft-action__amount num" data-testid="nft-price">
          {money(item.status === 'sold' ? item.soldPrice : (item.currentBid ?? item.startPrice))}
        </strong>
        <Countdown item={item} now={now} />
      </div>
      {actions}
      {dialog === 'bid' ? <BidDialog item={item} onClose={() => setDialog(null)} /> : null}
      {dialog === 'buy' ? <BuyDialog item={item} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
