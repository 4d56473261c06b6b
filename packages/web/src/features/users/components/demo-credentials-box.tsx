import { Alert, Button, Code, Group, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useDemoCredentials } from '../api/demo-credentials';
import type { DemoCredentials } from '../api/demo-credentials';

/** The demo account of this server, when it has one (GET /user/demo). */
export function DemoCredentialsBox({ onUse }: { onUse: (demo: DemoCredentials) => void }) {
  const { data: demo } = useDemoCredentials();
  if (!demo) return null;
  return (
    <Alert
      variant="light"
      color="violet"
      icon={<IconFlask size={20} aria-hidden="true" />}
      title="Try the demo account"
      role="region"
    >
      <Text size="sm">
        Username <Code>{demo.username}</Code> and password <Code>{demo.password}</Code>
      </Text>
      <Group mt="xs">
        <Button size="compact-sm" color="violet" onClick={() => onUse(demo)}>
          Use demo account
        </Button>
      </Group>
    </Alert>
  );
}
