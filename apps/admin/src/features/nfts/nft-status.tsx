/** An NFT item's status as a badge: upcoming, live, ended (being settled), sold, unsold, withdrawn. */
import type { NftStatus } from '@openbourse/contracts/nfts.ts';
import { Badge, type BadgeTone } from '@openbourse/ui';

const LOOK: Record<NftStatus, [label: string, tone: BadgeTone]> = {
  upcoming: ['Upcoming', 'info'],
  live: ['Live', 'accent'],
  ended: ['Ended, settling', 'warn'],
  sold: ['Sold', 'accent'],
  unsold: ['Unsold', 'neutral'],
  withdrawn: ['Withdrawn', 'down'],
};

export const STATUS_LABEL = (status: NftStatus) => LOOK[status][0];

export function StatusBadge({ status }: { status: NftStatus }) {
  const [label, tone] = LOOK[status];
  return <Badge tone={tone}>{label}</Badge>;
}
