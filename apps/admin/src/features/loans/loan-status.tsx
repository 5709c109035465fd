import type { LoanStatus } from '@openbourse/contracts/loan.ts';
import { Badge, type BadgeTone } from '@openbourse/ui';

const LOOK: Record<LoanStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'warn', label: 'Pending' },
  rejected: { tone: 'down', label: 'Rejected' },
  repaying: { tone: 'info', label: 'Repaying' },
  repaid: { tone: 'accent', label: 'Repaid' },
  expired: { tone: 'down', label: 'Overdue' },
};

export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  const look = LOOK[status];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

const KYC: Record<string, { tone: BadgeTone; label: string }> = {
  none: { tone: 'neutral', label: 'Not verified' },
  pending: { tone: 'warn', label: 'KYC pending' },
  verified: { tone: 'accent', label: 'Verified' },
  failed: { tone: 'down', label: 'KYC failed' },
};

export function KycBadge({ status }: { status: string }) {
  const look = KYC[status] ?? { tone: 'neutral' as const, label: status };
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
