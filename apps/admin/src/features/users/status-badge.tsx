import { Badge } from '@openbourse/ui';

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={status === 'active' ? 'accent' : 'down'}>{status === 'active' ? 'Active' : 'Disabled'}</Badge>;
}
