import type { DepositStatus } from '@openbourse/contracts/funding.ts';
import { Badge, type BadgeTone } from '@openbourse/ui';

const LOOK: Record<DepositStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'warn', label: 'Pending' },
  approved: { tone: 'accent', label: 'Approved' },
  rejected: { tone: 'down', label: 'Rejected' },
};

export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  const look = LOOK[status];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
