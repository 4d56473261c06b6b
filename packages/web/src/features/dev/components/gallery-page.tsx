import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../../components/link';
import { GALLERY_GROUPS } from '../gallery';
import type { GalleryGroup } from '../gallery';

/**
 * The frame of every gallery page: the group's tabs, the page title and what the page documents.
 * The demo content below it is made of the product's own components.
 */
export function GalleryPage({
  group,
  title,
  intro,
  children,
}: {
  group: GalleryGroup;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const links = GALLERY_GROUPS[group] ?? [];
  return (
    <Stack gap="lg">
      <Group gap={6} component="nav" aria-label={`${group} demo pages`}>
        {links.map((link) => (
          <Button
            key={link.path}
            component={Link}
            to={link.path}
            size="xs"
            radius="xl"
            variant={link.path === pathname ? 'filled' : 'light'}
            aria-current={link.path === pathname ? 'page' : undefined}
          >
            {link.label}
          </Button>
        ))}
      </Group>
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Badge variant="light" color="gray">
            Developer gallery
          </Badge>
        </Group>
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}

/** A titled demo block inside a gallery page. */
export function DemoSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
