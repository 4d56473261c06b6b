import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { screenNameSchema } from '@app/shared/api/screener';
import { z } from 'zod';
import { IconTrash } from '@tabler/icons-react';
import { Link } from '../../../components/link';
import { useDeleteScreen, useSaveScreen, useSavedScreens } from '../api/saved-screens';

const nameForm = z.object({ name: screenNameSchema });

export interface SavedScreensProps {
  /** The page's query string, saved as the screen. */
  query: string;
  /** Opens a saved screen (its query string). */
  onOpen: (query: string) => void;
}

/** The user's named screens: open one, delete one, save the current one within the plan's limit. */
export function SavedScreens({ query, onOpen }: SavedScreensProps) {
  const screens = useSavedScreens(true);
  const save = useSaveScreen();
  const remove = useDeleteScreen();
  const form = useForm({
    initialValues: { name: '' },
    validate: schemaResolver(nameForm, { sync: true }),
  });
  const data = screens.data;
  const full = data !== undefined && data.screens.length >= data.limit;
  const limitReached = save.error?.message.includes('upgrade') ?? false;

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          My screens
        </Text>
        {data && (
          <Text size="xs" c="dimmed">
            {data.screens.length} of {data.limit} on the {data.plan} plan
          </Text>
        )}
      </Group>
      {data && data.screens.length > 0 && (
        <Group gap="xs">
          {data.screens.map((screen) => (
            <Badge
              key={screen.id}
              variant="light"
              size="lg"
              radius="sm"
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  color="gray"
                  aria-label={`Delete the screen ${screen.name}`}
                  onClick={() => remove.mutate(screen.id)}
                >
                  <IconTrash size={12} aria-hidden />
                </ActionIcon>
              }
            >
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => onOpen(screen.query)}
                aria-label={`Open the screen ${screen.name}`}
              >
                {screen.name}
              </Anchor>
            </Badge>
          ))}
        </Group>
      )}
      <form
        onSubmit={form.onSubmit(({ name }) => {
          save.mutate({ name: name.trim(), query }, { onSuccess: () => form.reset() });
        })}
      >
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            size="xs"
            aria-label="Screen name"
            placeholder="Name this screen"
            maxLength={60}
            style={{ flex: 1, maxWidth: 280 }}
            {...form.getInputProps('name')}
          />
          <Button size="xs" type="submit" loading={save.isPending} disabled={full}>
            Save screen
          </Button>
        </Group>
      </form>
      {(full || save.error) && (
        <Alert color={limitReached || full ? 'grape' : 'red'} variant="light" py="xs">
          <Text size="sm">
            {save.error?.message ??
              `Your ${data?.plan ?? ''} plan keeps ${data?.limit ?? 0} saved screens.`}{' '}
            {(limitReached || full) && (
              <Anchor component={Link} to="/pricing" size="sm" fw={600}>
                Upgrade
              </Anchor>
            )}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
