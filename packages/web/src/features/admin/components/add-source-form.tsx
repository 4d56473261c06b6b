import { Alert, Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { feedUrlSchema } from '@app/shared/api/news-sources';
import { timeAgo } from '@app/shared/display/timeago';
import { useState } from 'react';
import { showErrorToast } from '../../../lib/toast';
import { useAddNewsSource, useTestNewsSource } from '../api/news-sources';
import { formatDateTime } from '@app/shared/display/dates';

/** The add form: "Test" reads the feed and shows what it would store before "Add source". */
export function AddSourceForm() {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const test = useTestNewsSource();
  const add = useAddNewsSource();
  const checked = () => {
    const parsed = feedUrlSchema.safeParse(url);
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid URL.'));
    return parsed.success ? parsed.data : null;
  };
  const preview = test.data;
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Feed URL"
          placeholder="https://example.com/rss.xml"
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            test.reset();
          }}
          error={error}
          style={{ flex: '1 1 260px' }}
        />
        <Button
          variant="default"
          loading={test.isPending}
          onClick={() => {
            const valid = checked();
            if (valid) test.mutate(valid, { onError: (e) => showErrorToast(e.message) });
          }}
        >
          Test
        </Button>
        <Button
          loading={add.isPending}
          onClick={() => {
            const valid = checked();
            if (valid) {
              add.mutate(
                { url: valid },
                {
                  onSuccess: () => {
                    setUrl('');
                    test.reset();
                  },
                },
              );
            }
          }}
        >
          Add source
        </Button>
      </Group>
      {preview && (
        <Stack gap="xs" aria-label="Test result">
          {preview.error ? (
            <Alert color="red" title="The feed cannot be read">
              {preview.http_status !== null && `HTTP ${String(preview.http_status)}: `}
              {preview.error}
            </Alert>
          ) : (
            <Text size="sm">
              {preview.feed_title || 'The feed'} answered HTTP {preview.http_status} with{' '}
              {preview.items.length} item{preview.items.length === 1 ? '' : 's'}. Nothing is saved
              until you add it.
            </Text>
          )}
          {preview.items.length > 0 && (
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {preview.items.map((item) => (
                <li key={item.link}>
                  <Anchor href={item.link} target="_blank" rel="noopener noreferrer" size="sm">
                    {item.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {item.publisher || 'Unknown publisher'} ·{' '}
                    {item.date_estimated ? (
                      <>
                        first seen {timeAgo(item.date)}{' '}
                        <Badge size="xs" color="yellow" variant="light">
                          date estimated
                        </Badge>
                      </>
                    ) : (
                      formatDateTime(item.date)
                    )}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
