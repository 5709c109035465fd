import type { Notification, NotificationKind } from '@openbourse/contracts/notifications.ts';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@openbourse/ui';
import {
  type IconProps,
  IconAlert,
  IconBell,
  IconChart,
  IconCheck,
  IconChevronRight,
  IconGift,
  IconKey,
  IconLock,
  IconShield,
  IconUser,
  IconWallet,
} from '@/shared/components/icons';
import { useFormat } from '@/shared/hooks/use-format';

/**
 * An icon per kind; the record (not an array) makes a kind added to the contracts a compile error
 * here until it has one. Kept local: the contracts' runtime values would bring zod into the chunk.
 */
const ICONS: Record<NotificationKind, ComponentType<IconProps>> = {
  orderFilled: IconCheck,
  orderCancelled: IconAlert,
  stopLoss: IconChart,
  takeProfit: IconChart,
  stopOut: IconAlert,
  passwordChanged: IconLock,
  passwordReset: IconLock,
  withdrawPasswordSet: IconKey,
  withdrawPasswordChanged: IconKey,
  newSignIn: IconUser,
  priceAlert: IconBell,
  depositApproved: IconWallet,
  depositRejected: IconWallet,
  withdrawalPaid: IconWallet,
  withdrawalRejected: IconWallet,
  kycVerified: IconShield,
  kycFailed: IconShield,
  loanApproved: IconWallet,
  loanRejected: IconWallet,
  loanExpired: IconAlert,
  smartShared: IconWallet,
  nftOutbid: IconAlert,
  nftWon: IconWallet,
  nftBought: IconWallet,
  nftUnsold: IconWallet,
  inviteReward: IconGift,
  optionWon: IconChart,
  optionLost: IconChart,
};
const TONES: Partial<Record<NotificationKind, string>> = {
  orderCancelled: 'notification__icon--down',
  stopLoss: 'notification__icon--down',
  stopOut: 'notification__icon--down',
  takeProfit: 'notification__icon--up',
  orderFilled: 'notification__icon--up',
  depositApproved: 'notification__icon--up',
  depositRejected: 'notification__icon--down',
  loanApproved: 'notification__icon--up',
  loanRejected: 'notification__icon--down',
  loanExpired: 'notification__icon--down',
  smartShared: 'notification__icon--up',
  nftOutbid: 'notification__icon--down',
  nftWon: 'notification__icon--up',
  nftBought: 'notification__icon--up',
  inviteReward: 'notification__icon--up',
  optionWon: 'notification__icon--up',
  optionLost: 'notification__icon--down',
  withdrawalPaid: 'notification__icon--up',
  withdrawalRejected: 'notification__icon--down',
  kycVerified: 'notification__icon--up',
  kycFailed: 'notification__icon--down',
};

/**
 * Where a notification leads: an order or a price alert to its instrument's market page (positions
 * and history are listed there), a deposit or withdrawal to the balances it changed, a loan to /loan, the
 * identity review's verdict to the verification page, any other account notice to the security settings.
 */
export function subjectLink(n: Pick<Notification, 'subject' | 'kind'>): string {
  if (n.kind === 'kycVerified' || n.kind === 'kycFailed') return '/profile/verify';
  if (n.kind === 'inviteReward') return '/profile/invite';
  if (n.subject.type === 'deposit' || n.subject.type === 'withdrawal') return '/profile/balance';
  if (n.subject.type === 'loan') return '/loan';
  if (n.subject.type === 'smart') return '/trading';
  if (n.subject.type === 'nft') return n.subject.id ? `/nfts/${n.subject.id}` : '/nfts';
  if ((n.subject.type === 'order' || n.subject.type === 'instrument') && n.subject.code) {
    return `/market?id=${encodeURIComponent(n.subject.code)}`;
  }
  return '/profile/info';
}

export function NotificationItem({ item, onOpen }: { item: Notification; onOpen(item: Notification): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const Icon = Object.hasOwn(ICONS, item.kind) ? ICONS[item.kind] : IconShield;
  const iso = new Date(item.createdAt).toISOString();
  return (
    <li
      className={`notification ${item.read ? '' : 'notification--unread'}`.trim()}
      data-testid="notification-item"
      data-kind={item.kind}
      data-read={item.read}
    >
      <Link to={subjectLink(item)} className="notification__link" onClick={() => onOpen(item)}>
        <span className={`notification__icon ${TONES[item.kind] ?? ''}`.trim()} aria-hidden="true">
          <Icon />
        </span>
        <span className="notification__main">
          <span className="notification__head">
            {item.read ? null : (
              <span className="notification__dot" data-testid="notification-unread">
                <span className="visually-hidden">{t('notifications.unread')}</span>
              </span>
            )}
            <span className="notification__title" data-testid="notification-title">
              {item.title}
            </span>
            {item.subject.mode === 'demo' ? <Badge tone="info">{t('common.demo')}</Badge> : null}
          </span>
          <span className="notification__body" data-testid="notification-body">
            {item.body}
          </span>
          <time className="notification__time" dateTime={iso}>
            {format.dateTime(iso)}
          </time>
        </span>
        <IconChevronRight className="notification__chevron icon--flip" />
      </Link>
    </li>
  );
}
