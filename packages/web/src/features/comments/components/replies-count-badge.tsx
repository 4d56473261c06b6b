import { Badge } from '@mantine/core';
import { useUnreadReplies } from '../api/replies-unread';

/** The number of unread replies to my comments (nothing when there are none or for visitors). */
export function RepliesCountBadge({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { data } = useUnreadReplies();
  const count = data?.count ?? 0;
  if (count === 0) return null;
  const label = count === 1 ? '1 unread reply' : `${String(count)} unread replies`;
  return (
    <Badge size={size} color="red" variant="filled" circle={count < 10} aria-label={label}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
