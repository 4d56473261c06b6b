import { Center, Loader, Text } from '@mantine/core';
import { PlainAlert } from '../../../components/plain-alert';

export const NO_NEWS_MESSAGE = 'No news found.';

export function NewsLoader({ label = 'Loading news' }: { label?: string }) {
  return (
    <Center py="md">
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}

export function NoNews() {
  return (
    <Text c="dimmed" ta="center" py="md">
      {NO_NEWS_MESSAGE}
    </Text>
  );
}

export function NewsError({ message }: { message: string }) {
  return (
    <PlainAlert color="red" role="alert" title="News could not be loaded">
      {message}
    </PlainAlert>
  );
}
