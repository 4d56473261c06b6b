import { Anchor, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useSiteContact } from '../api/site-contact';
import { ContactForm } from '../components/contact-form';
import { readContactPrefill } from '../contact-prefill';
import classes from './content-page.module.css';

/** /contact (spec §2): the form, prefilled from `#subject=…&message=…`, and our details. */
export function ContactPage() {
  const { hash } = useLocation();
  const contact = useSiteContact();
  const prefill = readContactPrefill(hash);
  return (
    <Paper className={classes.card} radius="lg" shadow="xl" withBorder>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40}>
        <Stack gap="md">
          <Title order={1} className={classes.title}>
            Contact us
          </Title>
          <Text c="dimmed" lh={1.6}>
            Questions about StockPulse, a plan for your team, press or partnerships: write to us and
            we answer within two working days.
          </Text>
          {contact && (
            <Stack gap="sm" mt="md" component="address" className={classes.address}>
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="md" size={36}>
                  <IconMail size={18} aria-hidden="true" />
                </ThemeIcon>
                <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
              </Group>
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="md" size={36}>
                  <IconPhone size={18} aria-hidden="true" />
                </ThemeIcon>
                <Anchor href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>
                  {contact.phone}
                </Anchor>
              </Group>
              {contact.addresses.map((address) => (
                <Group key={address} gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" radius="md" size={36}>
                    <IconMapPin size={18} aria-hidden="true" />
                  </ThemeIcon>
                  <Text size="sm">{address}</Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
        {/* A new hash (another prefill link) starts a fresh form. */}
        <ContactForm key={hash} prefill={prefill} />
      </SimpleGrid>
    </Paper>
  );
}
