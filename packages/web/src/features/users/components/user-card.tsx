import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { User } from '@app/shared/api/users';
import { fullName, initials } from '../stored-user';
import classes from './user-card.module.css';

/** Spec §2 profile page: the user card (avatar initials, name, username, about). */
export function UserCard({ user }: { user: User }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding={0}
      className={classes.card}
      component="section"
      aria-label="Your card"
    >
      <div className={classes.banner} aria-hidden="true" />
      <Stack align="center" gap={6} px="lg" pb="lg" className={classes.body}>
        <Avatar size={88} radius={88} color="blue" variant="filled" className={classes.avatar}>
          {initials(user)}
        </Avatar>
        <Title order={2} size="h3" ta="center">
          {fullName(user)}
        </Title>
        <Text c="dimmed" size="sm">
          @{user.username}
        </Text>
        {user.is_admin && (
          <Group gap={6}>
            <Badge color="grape" variant="light">
              Admin
            </Badge>
          </Group>
        )}
        <Text
          size="sm"
          ta="center"
          c={user.about_me ? undefined : 'dimmed'}
          className={classes.about}
        >
          {user.about_me || 'Tell other investors about yourself in About me.'}
        </Text>
      </Stack>
    </Card>
  );
}
