import { Button, Group, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { SectionCard } from '../../../components/section-card';

/** The site's files for search engines, as the server serves them at the root. */
export const SITE_FILES = [
  { label: 'Download sitemap', href: '/sitemap.xml', file: 'sitemap.xml' },
  { label: 'Download robots.txt', href: '/robots.txt', file: 'robots.txt' },
] as const;

/** Spec §2 admin tools: the sitemap and robots.txt downloads. */
export function SiteFilesCard() {
  return (
    <SectionCard labelledBy="site-files">
      <Group justify="space-between" gap="md">
        <div>
          <Title order={2} size="h4" id="site-files">
            Search engines
          </Title>
          <Text size="sm" c="dimmed">
            The sitemap index (articles, companies, analyses and pages) and robots.txt, as crawlers
            read them.
          </Text>
        </div>
        <Group gap="xs">
          {SITE_FILES.map((item) => (
            <Button
              key={item.href}
              component="a"
              href={item.href}
              download={item.file}
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {item.label}
            </Button>
          ))}
        </Group>
      </Group>
    </SectionCard>
  );
}
