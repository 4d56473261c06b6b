import { Grid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { User } from '@app/shared/api/users';
import { flagsOfGroup, PROFILE_TEXT_FIELDS, PROFILE_TEXT_KEYS } from '../profile-fields';
import type { UserFlagKey } from '../profile-fields';
import { ProfileTextField } from './profile-text-field';
import { ProfileToggle } from './profile-toggle';
import { SectionCard } from '../../../components/section-card';

/** The edit-profile form (spec §2 profile page, §4 profile: each change is saved on its own). */
export function ProfileDetailsCard({ user }: { user: User }) {
  return (
    <SectionCard labelledBy="profile-edit">
      <Stack gap={4} mb="md">
        <Title order={2} size="h4" id="profile-edit">
          Edit profile
        </Title>
        <Text size="sm" c="dimmed">
          Changes are saved when you leave a field or press Enter.
        </Text>
      </Stack>
      <Grid columns={6} gap="md">
        <Grid.Col span={{ base: 6, sm: 6 }}>
          <TextInput
            label="Username"
            value={user.username}
            readOnly
            description="Your username cannot be changed."
          />
        </Grid.Col>
        {PROFILE_TEXT_KEYS.map((key) => (
          <Grid.Col key={key} span={{ base: 6, sm: PROFILE_TEXT_FIELDS[key].span }}>
            <ProfileTextField fieldKey={key} serverValue={user[key]} />
          </Grid.Col>
        ))}
      </Grid>
    </SectionCard>
  );
}

/**
 * The preference switches, grouped (notifications, interface); `planLocks` names the plan that
 * includes each notification the user's plan lacks (handed in by app/ from the alerts feature).
 */
export function PreferencesCard({
  user,
  planLocks = {},
}: {
  user: User;
  planLocks?: Partial<Record<UserFlagKey, string>>;
}) {
  return (
    <SectionCard labelledBy="profile-prefs">
      <Title order={2} size="h4" id="profile-prefs" mb="md">
        Notifications and preferences
      </Title>
      <Grid gap="xl">
        {(['Notifications', 'Interface'] as const).map((group) => (
          <Grid.Col key={group} span={{ base: 12, sm: 6 }}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb="sm" lts={0.6}>
              {group}
            </Text>
            <Stack gap="md">
              {flagsOfGroup(group).map((flag) => (
                <ProfileToggle key={flag} flag={flag} checked={user[flag]} plan={planLocks[flag]} />
              ))}
            </Stack>
          </Grid.Col>
        ))}
      </Grid>
    </SectionCard>
  );
}
