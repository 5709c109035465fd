import type { NftItem } from '@openbourse/contracts/nfts.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IconInfo } from '@/shared/components/icons';
import { useFormat } from '@/shared/hooks/use-format';
import { formatPercentFromFraction, ltr } from '@/shared/lib/format';
import { useSession } from '@/shared/session/use-session';
import { useNow } from '@/shared/hooks/use-now';
import { bpsToFraction, isExtended, phaseOf, timeLeft } from '../lib/nft-rules';

/** The formatters of the NFT pages, bound to the language. */
export function useNftFormat() {
  const format = useFormat();
  const lang = useSession((s) => s.language);
  return useMemo(
    () => ({
      money: (v: string | null, currency: string) => (v ? format.money(v, currency) : '—'),
      /** 500 → "5%". */
      step: (bps: number) => ltr(formatPercentFromFraction(bpsToFraction(bps), lang, 2)),
      dateTime: (ms: number) => format.dateTime(new Date(ms).toISOString()),
      integer: format.integer,
      /** A span of seconds in minutes or hours ("15 min", "2 h"). */
      minutes: (seconds: number) => format.integer(Math.round(seconds / 60)),
    }),
    [format, lang],
  );
}

/** "3 / 10", or "1 / 1" for a one-off. */
export function editionText(item: Pick<NftItem, 'edition' | 'editionSize'>, integer: (n: number) => string): string {
  return ltr(`${integer(item.edition)} / ${integer(item.editionSize)}`);
}

/** The item's state as a badge: live, upcoming, ending (being settled), sold, unsold, withdrawn. */
export function StatusBadge({ item, now }: { item: NftItem; now: number }) {
  const { t } = useTranslation();
  const phase = phaseOf(item, now);
  const key = phase === 'ending' ? 'ended' : phase === 'closed' ? item.status : phase;
  return (
    <span className={`nft-badge nft-badge--${key}`} data-testid="nft-status">
      {t(`nfts.status.${key}`)}
    </span>
  );
}

/**
 * The time left, live: "2d 03:04:05 left" (with "extended" once a late bid moved the end), "starts
 * in …" before the start, "ended" at 0 until the settled item arrives.
 */
export function Countdown({
  item,
  testId = 'nft-countdown',
  now: givenNow,
}: {
  item: NftItem;
  testId?: string;
  /** The clock of a parent that switches with it (else its own, ticking). */
  now?: number;
}) {
  const { t } = useTranslation();
  const f = useNftFormat();
  const ownNow = useNow(givenNow === undefined && (item.status === 'live' || item.status === 'upcoming'));
  const now = givenNow ?? ownNow;
  const phase = phaseOf(item, now);
  const upcoming = phase === 'upcoming';
  const left = phase === 'live' || upcoming ? timeLeft(upcoming ? item.startAt : item.endAt, now) : null;
  let text: string;
  if (left) {
    const clock = ltr(left.clock);
    const time = left.days > 0 ? t('nfts.time.days', { days: f.integer(left.days), clock }) : clock;
    text = upcoming ? t('nfts.time.startsIn', { time }) : t('nfts.time.left', { time });
  } else if (upcoming) text = t('nfts.time.starting');
  else if (phase === 'ending') text = t('nfts.time.ended');
  else text = t(`nfts.status.${item.status}`);
  const extended = phase === 'live' && isExtended(item);
  return (
    <span className={`nft-countdown nft-countdown--${phase}`} data-testid={testId}>
      <time dateTime={new Date(upcoming ? item.startAt : item.endAt).toISOString()}>{text}</time>
      {extended ? (
        <span className="nft-countdown__extended" data-testid={`${testId}-extended`}>
          {t('nfts.time.extended')}
        </span>
      ) : null}
    </span>
  );
}

/** The chain is informational unless an adapter is configured: no token ids or hashes are shown. */
export function ChainNotice({ chain, adapter }: { chain: string; adapter: string | null }) {
  const { t } = useTranslation();
  if (adapter) return null;
  return (
    <p className="notice-bar nft-chain-notice" role="note" data-testid="nft-chain-notice">
      <IconInfo />
      <span>{t('nfts.chainNotice', { chain })}</span>
    </p>
  );
}
