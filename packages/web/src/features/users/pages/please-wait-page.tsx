import { Badge, Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Link } from '../../../components/link';
import { useCurrentUser } from '../api/current-user';
import { AuthCard } from '../components/auth-card';
import { VALIDATION_STATUS_DISPLAY } from '../validation-status';

/**
 * /please_wait (spec §2 waiting page): where the e-mail confirmation link lands. Accounts are
 * approved by hand because of spam; the stored user's status is shown when known.
 */
export function PleaseWaitPage() {
  const { user } = useCurrentUser();
  const status = user ? VALIDATION_STATUS_DISPLAY[user.validation_status] : undefined;

  return (
    <AuthCard
      header={
        <ThemeIcon size={64} radius="xl" variant="light" color="yellow" aria-hidden="true">
          <IconHourglassHigh size={34} stroke={1.6} />
        </ThemeIcon>
      }
      title="Thanks, please wait"
      subtitle="Accounts are approved manually by an admin because of spam."
    >
      <Stack gap="sm">
        <Text size="sm">
          Automated sign-ups flood every comment section, so a person looks at each new account
          before it can comment or report articles. This usually takes less than a day.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            You can already read the news, follow companies and use your watchlist.
          </List.Item>
          <List.Item>We will e-mail you when your account has been reviewed.</List.Item>
        </List>
        {status && user && (
          <Stack gap={6} mt="xs" aria-label="Your account status">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                Status of {user.username}:
              </Text>
              <Badge color={status.color} variant="light">
                {status.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {status.text}
            </Text>
          </Stack>
        )}
      </Stack>
      <Group justify="center">
        {user && (
          <Button component={Link} to="/pages/user" variant="default">
            Your profile
          </Button>
        )}
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Group>
    </AuthCard>
  );
}
