import { Card, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useCurrentUser } from '../../users';
import { AssistantChat } from '../components/assistant-chat';
import { PlanNotice } from '../components/plan-notice';
import { PageTitle } from '../../../components/page-title';

/** Spec §2: the chat page's title when the URL gives none. */
export const DEFAULT_CHAT_TITLE = 'Your Portfolio Questions and Answers';

/**
 * /pages/ai_chat (spec §2; guard 'user'): the AI chat, optionally about one article
 * (`?article_id=`) and with its own title (`?title=`).
 */
export function AiChatPage() {
  const [params] = useSearchParams();
  const title = params.get('title')?.trim() || DEFAULT_CHAT_TITLE;
  const articleId = params.get('article_id')?.trim() || null;
  const { user } = useCurrentUser();
  usePageTitle(title);

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <PageTitle title={title}>
        Answers come from your watchlist, its prices, news and AI analyses, and cite each source.
      </PageTitle>
      <PlanNotice />
      <Card withBorder radius="lg" padding="lg">
        {user ? (
          <AssistantChat username={user.username} articleId={articleId} />
        ) : (
          <Text size="sm" c="dimmed">
            Loading your account…
          </Text>
        )}
      </Card>
    </Stack>
  );
}
