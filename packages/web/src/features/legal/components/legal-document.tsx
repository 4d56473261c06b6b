import { Anchor, Badge, Divider, Group, Paper, Text, Title } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LEGAL_LAST_UPDATED } from '../../../lib/site-config';
import classes from './legal-document.module.css';

export interface LegalSection {
  /** Anchor id, also used in the table of contents. */
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** The shared frame of the cookie policy, terms and privacy policy. */
export function LegalDocument({ title, intro, sections }: LegalDocumentProps) {
  return (
    <Paper component="article" className={classes.document} radius="lg" shadow="xl" withBorder>
      <header className={classes.header}>
        <Badge variant="light" size="sm" radius="sm">
          Legal
        </Badge>
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        <Group gap={6} c="dimmed">
          <IconCalendar size={16} aria-hidden="true" />
          <Text size="sm">Last updated: {LEGAL_LAST_UPDATED}</Text>
        </Group>
      </header>

      <div className={classes.prose}>{intro}</div>

      <nav aria-label="On this page" className={classes.toc}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.tocTitle}>
          On this page
        </Text>
        <ol className={classes.tocList}>
          {sections.map((section) => (
            <li key={section.id}>
              <Anchor href={`#${section.id}`} size="sm">
                {section.title}
              </Anchor>
            </li>
          ))}
        </ol>
      </nav>

      <Divider my="xl" />

      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className={classes.section}
        >
          <Title order={2} id={`${section.id}-title`} className={classes.sectionTitle}>
            <span className={classes.number}>{index + 1}.</span> {section.title}
          </Title>
          <div className={classes.prose}>{section.content}</div>
        </section>
      ))}
    </Paper>
  );
}
