import {
  channelListResponseSchema,
  channelPostsResponseSchema,
  channelResponseSchema,
  channelTestResponseSchema,
} from '@app/shared/api/telegram';
import type {
  Channel,
  ChannelAddRequest,
  ChannelPost,
  ChannelUpdateRequest,
} from '@app/shared/api/telegram';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';

export const CHANNELS_QUERY_KEY = ['channels'] as const;

/** GET /channels/list (admins): the channels, and whether the bot runs at all. */
export async function fetchChannels(
  signal?: AbortSignal,
): Promise<{ channels: Channel[]; enabled: boolean }> {
  const { channels, enabled } = await apiGet('/channels/list', undefined, {
    schema: channelListResponseSchema,
    signal,
  });
  return { channels, enabled };
}

export function channelsQueryOptions() {
  return queryOptions({
    queryKey: [...CHANNELS_QUERY_KEY, 'list'] as const,
    queryFn: ({ signal }) => fetchChannels(signal),
  });
}

export function useChannels() {
  return useQuery(channelsQueryOptions());
}

/** GET /channels/posts: the last 50 posts to the channels, newest first. */
export async function fetchChannelPosts(signal?: AbortSignal): Promise<ChannelPost[]> {
  return (
    await apiGet('/channels/posts', undefined, { schema: channelPostsResponseSchema, signal })
  ).posts;
}

export function channelPostsQueryOptions() {
  return queryOptions({
    queryKey: [...CHANNELS_QUERY_KEY, 'posts'] as const,
    queryFn: ({ signal }) => fetchChannelPosts(signal),
  });
}

export function useChannelPosts() {
  return useQuery(channelPostsQueryOptions());
}

/** Every change refreshes the list and the posts log. */
function useChannelMutation<Input>(
  mutationFn: (input: Input) => Promise<unknown>,
  success?: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      if (success) showSuccessToast(success);
      await queryClient.invalidateQueries({ queryKey: CHANNELS_QUERY_KEY });
    },
    onError: async (error) => {
      showErrorToast(error.message);
      await queryClient.invalidateQueries({ queryKey: CHANNELS_QUERY_KEY });
    },
  });
}

export const useAddChannel = () =>
  useChannelMutation(
    (body: ChannelAddRequest) => apiPost('/channels/add', body, { schema: channelResponseSchema }),
    'Channel added.',
  );

export const useUpdateChannel = () =>
  useChannelMutation(({ id, ...body }: ChannelUpdateRequest & { id: string }) =>
    apiPost(`/channels/set/${encodeURIComponent(id)}`, body, { schema: channelResponseSchema }),
  );

export const useTestPost = () =>
  useChannelMutation(
    (id: string) =>
      apiPost(`/channels/test/${encodeURIComponent(id)}`, undefined, {
        schema: channelTestResponseSchema,
      }),
    'Test post sent.',
  );

export const useRemoveChannel = () =>
  useChannelMutation(
    (id: string) =>
      apiPost(`/channels/remove/${encodeURIComponent(id)}`, undefined, {
        schema: channelTestResponseSchema,
      }),
    'Channel removed.',
  );
