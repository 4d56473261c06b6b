import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { Link } from '../../../components/link';
import { LOGIN_PROMPT_TEXT } from '../../../components/login-prompt';

/** Spec §2 login prompt on the stock tracker: watching a company needs an account. */
export function VisitorWatchNotice() {
  const { pathname, search } = useLocation();
  const next = encodeURIComponent(`${pathname}${search}`);
  return (
    <Alert
      variant="light"
      color="blue"
      radius="lg"
      // Static advice, not an interruption.
      role="note"
      aria-label="Login required"
      icon={<IconLock size={22} stroke={1.7} aria-hidden="true" />}
    >
      <Text fw={600} size="sm">
        {LOGIN_PROMPT_TEXT}
      </Text>
      <Text size="sm" c="dimmed" mt={2}>
        You can look companies up as a visitor; watching one keeps it in your watchlist.
      </Text>
      <Group gap="xs" mt="sm">
        <Button component={Link} to={`/login?next=${next}`} size="compact-sm">
          Login
        </Button>
        <Button
          component={Link}
          to="/register?watch_stock=company"
          size="compact-sm"
          variant="default"
        >
          Register
        </Button>
      </Group>
    </Alert>
  );
}
