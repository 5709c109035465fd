/** A notice's place on the user app's home page: pinned (shown as a banner) or not; audited by the server. */
import type { AdminContentItem } from '@openbourse/contracts/admin.ts';
import { Button } from '@openbourse/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { Card, ErrorNote } from '@/shared/components';
import { formatTime } from '@/shared/format';

type Item = z.infer<typeof AdminContentItem>;

export function ContentPin({ item }: { item: Item }) {
  const queryClient = useQueryClient();
  const pin = useMutation({
    mutationFn: async (pinned: boolean) => (await api.post<Item>(`content/${item.id}/pin`, { pinned })).result,
    onSuccess: (next) => {
      queryClient.setQueryData(['content', next.id], next);
      void queryClient.invalidateQueries({ queryKey: ['content'] });
    },
  });
  const pinned = Boolean(item.pinnedAt);
  return (
    <Card>
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}
        data-testid="content-pin"
      >
        <p>
          {pinned
            ? `Pinned to the home page since ${formatTime(item.pinnedAt as string)}. The latest pinned notice shows as a banner.`
            : 'Not on the home page. Pin it to show it as a banner on the user app’s home page.'}
        </p>
        <Button
          type="button"
          variant={pinned ? 'secondary' : 'primary'}
          loading={pin.isPending}
          onClick={() => pin.mutate(!pinned)}
          data-testid="content-pin-toggle"
        >
          {pinned ? 'Unpin from home page' : 'Pin to home page'}
        </Button>
      </div>
      <ErrorNote error={pin.error} />
    </Card>
  );
}
