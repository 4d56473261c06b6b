import { Group, Text, Title } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { LoginPrompt } from '../../../components/login-prompt';
import { useCurrentUser } from '../../users';
import { lazy, Suspense } from 'react';
import { SectionCard } from '../../../components/section-card';

const TITLE_ID = 'article-questions-title';

/** The chat (its composer, pickers and answers) only a signed-in reader gets: a chunk of its own. */
const AssistantChat = lazy(async () => ({
  default: (await import('./assistant-chat')).AssistantChat,
}));

function Loading() {
  return (
    <Text size="sm" c="dimmed">
      Loading your account…
    </Text>
  );
}

/**
 * The Q&A chat panel of /news/view (spec §2): questions about this article, answered from its
 * text, its companies' prices and their news. Visitors see the login prompt (spec §6).
 */
export function ArticleQuestions({ articleId }: { articleId: string }) {
  const { token, user } = useCurrentUser();
  return (
    <SectionCard labelledBy={TITLE_ID}>
      <Group gap="xs" mb="sm">
        <IconMessageChatbot size={20} aria-hidden />
        <Title order={2} size="h4" id={TITLE_ID}>
          Questions about this article
        </Title>
      </Group>
      {token === null ? (
        <LoginPrompt />
      ) : user ? (
        <Suspense fallback={<Loading />}>
          <AssistantChat
            username={user.username}
            articleId={articleId}
            compact
            placeholder="What does this mean for the company? How did the stock react?"
          />
        </Suspense>
      ) : (
        <Loading />
      )}
    </SectionCard>
  );
}
