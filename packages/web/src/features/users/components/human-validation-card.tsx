import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { User } from '@app/shared/api/users';
import { Link } from '../../../components/link';
import { VALIDATION_STATUS_DISPLAY } from '../validation-status';
import { ValidateEmailLink } from './validate-email-link';
import { SectionCard } from '../../../components/section-card';

/**
 * Spec §5: commenting and reporting need a user validated as human. Not validated: a link e-mails
 * a confirmation link; pending: a link to the waiting page; approved: a badge.
 */
export function HumanValidationCard({ user }: { user: User }) {
  const status = user.is_email_validated ? 'approved' : user.validation_status;
  const display = VALIDATION_STATUS_DISPLAY[status];

  return (
    <SectionCard labelledBy="human-title">
      <Title order={2} size="h4" id="human-title">
        Account validation
      </Title>
      <Group mt={6} mb="xs">
        <Badge
          color={display.color}
          variant={status === 'approved' ? 'filled' : 'light'}
          leftSection={status === 'approved' ? <IconShieldCheck size={14} /> : undefined}
        >
          {display.label}
        </Badge>
      </Group>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {display.text}
        </Text>
        {status === 'pending' && (
          <Anchor component={Link} to="/please_wait" size="sm">
            Your account is waiting for an admin: see what happens next
          </Anchor>
        )}
        {(status === 'none' || status === 'email_sent' || status === 'rejected') && (
          <ValidateEmailLink />
        )}
      </Stack>
    </SectionCard>
  );
}
