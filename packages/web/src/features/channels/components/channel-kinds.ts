import type { ChannelKind } from '@app/shared/api/telegram';

/** What each kind of post is called on the page. */
export const KIND_LABELS: Record<ChannelKind, string> = {
  alert: 'Defcon-1 alerts',
  brief: 'Daily market brief',
};

export const POST_KIND_LABELS: Record<ChannelKind | 'test', string> = {
  ...KIND_LABELS,
  test: 'Test post',
};
