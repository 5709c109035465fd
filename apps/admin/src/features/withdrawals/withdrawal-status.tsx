import type { WithdrawalStatus } from '@openbourse/contracts/funding.ts';
import { Badge, type BadgeTone } from '@openbourse/ui';

const LOOK: Record<WithdrawalStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'warn', label: 'Pending' },
  success: { tone: 'accent', label: 'Paid' },
  rejected: { tone: 'down', label: 'Rejected' },
};

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const look = LOOK[status];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
