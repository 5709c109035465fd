import type { UserInfo } from '@openbourse/contracts/auth.ts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@openbourse/ui';

const TONES: Record<UserInfo['kycStatus'], BadgeTone> = {
  none: 'neutral',
  pending: 'warn',
  verified: 'accent',
  failed: 'down',
};

export function KycBadge({ status }: { status: UserInfo['kycStatus'] }) {
  const { t } = useTranslation();
  return (
    <Badge tone={TONES[status]} testId="kyc-badge">
      {t(`kyc.${status}`)}
    </Badge>
  );
}
