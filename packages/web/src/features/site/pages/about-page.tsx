import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { IconMail } from '@tabler/icons-react';
import { Link } from '../../../components/link';
import { useCommunityLinks } from '../../users';
import { useSiteContact } from '../api/site-contact';
import { FEATURES, TEAM } from './about-data';
import classes from './about-page.module.css';

export function AboutPage() {
  const contact = useSiteContact();
  const community = useCommunityLinks();
  return (
    <Stack gap={56}>
      <Paper component="section" className={classes.hero} radius="lg" aria-labelledby="about-title">
        <Badge variant="white" color="dark" radius="sm" mb="md">
          About StockPulse
        </Badge>
        <Title order={1} id="about-title" className={classes.heroTitle}>
          Market news that makes sense, for investors who decide for themselves.
        </Title>
        <Text className={classes.heroText}>
          Our mission is to give self-directed investors the clarity that used to be reserved for
          professional desks: every relevant headline, summarised by AI, tied to the companies you
          care about, with the noise filtered out.
        </Text>
      </Paper>

      <section aria-labelledby="features-title">
        <Title order={2} id="features-title" className={classes.sectionTitle}>
          What StockPulse does
        </Title>
        <Text c="dimmed" mb="xl" maw={640}>
          One place to follow the market, understand what moves your stocks and act on it.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {FEATURES.map((feature) => (
            <Card key={feature.title} className={classes.card} radius="lg" padding="lg" withBorder>
              <ThemeIcon size={44} radius="md" variant="light" color={feature.color} mb="md">
                <feature.icon size={24} stroke={1.7} aria-hidden="true" />
              </ThemeIcon>
              <Text fw={700} mb={6}>
                {feature.title}
              </Text>
              <Text size="sm" c="dimmed" lh={1.6}>
                {feature.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="team-title">
        <Title order={2} id="team-title" className={classes.sectionTitle}>
          The team
        </Title>
        <Text c="dimmed" mb="xl" maw={640}>
          Analysts, engineers and designers who invest their own money and build the tool they
          wanted.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
          {TEAM.map((member) => (
            <Card key={member.name} className={classes.card} radius="lg" padding="lg" withBorder>
              <Avatar size={56} radius="xl" color={member.color} variant="filled" mb="md">
                {member.initials}
              </Avatar>
              <Text fw={700}>{member.name}</Text>
              <Text size="sm" c={member.color} fw={600} mb={8}>
                {member.role}
              </Text>
              <Text size="sm" c="dimmed" lh={1.6}>
                {member.bio}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>

      <Paper
        component="section"
        className={classes.contact}
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        withBorder
        aria-labelledby="contact-title"
      >
        <Group justify="space-between" align="center" gap="lg">
          <div>
            <Title order={2} id="contact-title" className={classes.sectionTitle}>
              Get in touch
            </Title>
            <Text c="dimmed" maw={520}>
              Questions, feedback or partnership ideas?{' '}
              {contact ? (
                <>
                  Write to <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
                </>
              ) : (
                'Write to us through the contact page'
              )}
              {community.length > 0 ? ' or join the conversation in our community.' : '.'}
            </Text>
          </div>
          <Group gap="sm">
            {contact ? (
              <Button
                component="a"
                href={`mailto:${contact.email}`}
                leftSection={<IconMail size={18} />}
              >
                E-mail us
              </Button>
            ) : (
              <Button component={Link} to={PAGE_PATHS.contact} leftSection={<IconMail size={18} />}>
                Contact us
              </Button>
            )}
            {community.map((link) => (
              <Button
                key={link.href}
                component="a"
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                leftSection={<link.icon size={18} aria-hidden="true" />}
              >
                {link.label}
              </Button>
            ))}
          </Group>
        </Group>
      </Paper>

      <Text size="xs" c="dimmed" ta="center">
        StockPulse provides information only. Nothing on this site is financial advice.
      </Text>
    </Stack>
  );
}
