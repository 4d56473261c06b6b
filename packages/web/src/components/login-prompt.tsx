import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { Link } from './link';
import classes from './login-prompt.module.css';

export const LOGIN_PROMPT_TEXT = 'Please login or register to access this functionality.';

/** Spec §2 login prompt banner: what visitors see instead of a page that needs a login. */
export function LoginPrompt() {
  const { pathname, search, hash } = useLocation();
  const next = encodeURIComponent(`${pathname}${search}${hash}`);
  return (
    <Paper className={classes.banner} radius="lg" p={{ base: 'lg', sm: 'xl' }} withBorder>
      <Stack align="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconLock size={30} stroke={1.6} />
        </ThemeIcon>
        <Text role="alert" fw={600} size="lg" ta="center">
          {LOGIN_PROMPT_TEXT}
        </Text>
        <Group justify="center">
          <Button component={Link} to={`/login?next=${next}`}>
            Login
          </Button>
          <Button component={Link} to={`/register?next=${next}`} variant="default">
            Register
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
