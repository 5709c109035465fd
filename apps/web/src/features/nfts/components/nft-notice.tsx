import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountModeSwitch } from '@/shared/components/account-mode-toggle';
import { Button } from '@/shared/components/button';
import { IconAlert } from '@/shared/components/icons';
import { errorTextOf } from '@/shared/i18n/i18n';
import { ApiError, errorMessage } from '@/shared/lib/api-client';

/** The codes a bid or buy can be refused with, worded from the catalogue in the page's language. */
const NFT_CODES = new Set<number>([
  ErrorCode.BalanceInsufficientRecharge,
  ErrorCode.PurchaseAmountWrong,
  ErrorCode.DemoNotAllowed,
  ErrorCode.NftBidTooLow,
  ErrorCode.NftNotLive,
  ErrorCode.NftOwnItem,
  ErrorCode.NftBidAtBuyNow,
  ErrorCode.NftNoBuyNow,
  ErrorCode.NotFound,
]);

/** A refusal's code (0 for anything not from the server) and its text. */
export function refusalOf(error: unknown): { code: number; text: string } {
  if (error instanceof ApiError && NFT_CODES.has(error.code))
    return { code: error.code, text: errorTextOf(error.code) };
  return { code: error instanceof ApiError ? error.code : 0, text: errorMessage(error) };
}

/**
 * A refusal with the way out where there is one: a deposit for a short balance (10011), the switch to
 * the real account for the demo one (40010).
 */
export function RefusalNotice({
  code,
  text,
  currency,
  testId,
}: {
  code: number;
  text: string;
  currency: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { toggle } = useAccountModeSwitch();
  return (
    <div className="notice-bar nft-refusal" role="alert" data-testid={testId} data-code={code}>
      <IconAlert />
      <span>{text}</span>
      {code === ErrorCode.BalanceInsufficientRecharge ? (
        <Link to={`/profile/deposit?currency=${encodeURIComponent(currency)}`} data-testid={`${testId}-deposit`}>
          {t('nfts.deposit')}
        </Link>
      ) : null}
      {code === ErrorCode.DemoNotAllowed ? (
        <Button size="sm" onClick={toggle} data-testid={`${testId}-switch`}>
          {t('nfts.switchToReal')}
        </Button>
      ) : null}
    </div>
  );
}
