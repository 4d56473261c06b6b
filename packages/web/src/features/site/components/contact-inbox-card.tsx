import {
  Accordion,
  Alert,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { timeAgo } from '@app/shared/display/timeago';
import { useState } from 'react';
import { CardPageLinks } from '../../../components/page-links';
import { pageCount } from '../../../lib/pagination';
import { SITE_ADMIN_PAGE_SIZE, useContactInbox, useMarkContactMessage } from '../api/site-admin';
import classes from './contact-inbox-card.module.css';
import { SectionCard } from '../../../components/section-card';

/**
 * The admin panel's contact inbox: messages newest first, 20 a page (the server pages them),
 * unread in bold, read/unread marks.
 */
export function ContactInboxCard() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useContactInbox(page);
  const pages = pageCount(data?.total ?? 0, SITE_ADMIN_PAGE_SIZE);
  const mark = useMarkContactMessage();
  return (
    <SectionCard labelledBy="admin-contact">
      <Group gap="sm" mb={4}>
        <Title order={2} size="h4" id="admin-contact">
          Contact inbox
        </Title>
        {data && data.unread > 0 && (
          <Badge color="blue" variant="filled" aria-label={`${data.unread} unread`}>
            {data.unread} unread
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Messages sent through the contact form; each is also mailed to the administrators.
      </Text>
      {isError && <Alert color="red">{error.message}</Alert>}
      {isPending && <Skeleton height={100} radius="md" />}
      {data?.messages.length === 0 && (
        <Text size="sm" c="dimmed">
          No messages yet.
        </Text>
      )}
      {data && data.messages.length > 0 && (
        <Accordion variant="separated" radius="md">
          {data.messages.map((message) => (
            <Accordion.Item key={message.id} value={message.id}>
              <Accordion.Control>
                <Stack gap={2} miw={0}>
                  <Group gap={6} wrap="nowrap">
                    {!message.read && (
                      <Badge size="xs" color="blue" variant="filled">
                        new
                      </Badge>
                    )}
                    <Text size="sm" fw={message.read ? 400 : 700} truncate>
                      {message.subject}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {message.name} &lt;{message.email}&gt; · {timeAgo(message.created_at)}
                  </Text>
                </Stack>
              </Accordion.Control>
              <Accordion.Panel>
                <pre className={classes.text}>{message.message}</pre>
                <Group gap="xs" mt="sm">
                  <Button
                    size="xs"
                    variant="light"
                    component="a"
                    href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                  >
                    Reply by e-mail
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    loading={mark.isPending && mark.variables.id === message.id}
                    onClick={() => mark.mutate({ id: message.id, read: !message.read })}
                  >
                    {message.read ? 'Mark as unread' : 'Mark as read'}
                  </Button>
                </Group>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <CardPageLinks page={page} count={pages} onChange={setPage} label="Contact inbox pages" />
    </SectionCard>
  );
}
