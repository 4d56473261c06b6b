import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from '../../../components/link';
import { ContactSentence } from '../../site';
import { LegalDocument } from '../components/legal-document';
import type { LegalSection } from '../components/legal-document';
import classes from '../components/legal-document.module.css';
import { TableHead } from '../../../components/table-head';

interface CookieRow {
  name: string;
  type: string;
  purpose: string;
  duration: string;
}

/** Spec §2/§9: session cookie for the session, preferences 1 year, analytics 2 years. */
export const COOKIE_TABLE: readonly CookieRow[] = [
  {
    name: 'Session cookie',
    type: 'Essential',
    purpose: 'Keeps you signed in and protects your requests while you browse.',
    duration: 'Session (deleted when you close the browser)',
  },
  {
    name: 'Preferences',
    type: 'Preference',
    purpose: 'Remembers choices such as theme, sidebar layout and colour.',
    duration: '1 year',
  },
  {
    name: 'hasSeenLanding',
    type: 'Preference',
    purpose: 'Remembers that you have seen the welcome page so we do not show it again.',
    duration: '30 days',
  },
  {
    name: 'Analytics',
    type: 'Analytics',
    purpose: 'Counts visits and page views in aggregate so we can improve StockPulse.',
    duration: '2 years',
  },
];

const BROWSER_HELP = [
  {
    name: 'Google Chrome',
    path: 'Settings → Privacy and security → Third-party cookies / See all site data',
  },
  { name: 'Mozilla Firefox', path: 'Settings → Privacy & Security → Cookies and Site Data' },
  { name: 'Apple Safari', path: 'Settings (Preferences) → Privacy → Manage Website Data' },
  {
    name: 'Microsoft Edge',
    path: 'Settings → Cookies and site permissions → Manage and delete cookies',
  },
];

const sections: readonly LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'What cookies are',
    content: (
      <p>
        Cookies are small text files that a website stores in your browser. They let the site
        remember you between pages and visits. We also use similar technologies, such as your
        browser’s local storage, for the same purposes; this policy covers them too.
      </p>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use cookies',
    content: (
      <ul>
        <li>
          <strong>Essential cookies</strong> keep you signed in, secure your session and make core
          features such as watchlists work. The Service cannot function without them.
        </li>
        <li>
          <strong>Analytics cookies</strong> tell us, in aggregate, which pages are used and how the
          Service performs, so we can improve it.
        </li>
        <li>
          <strong>Preference cookies</strong> remember your settings, such as colour scheme, sidebar
          layout and whether you have already seen our welcome page.
        </li>
        <li>
          <strong>Marketing cookies</strong> measure the success of our campaigns and referral
          links. We do not set them without your consent and never let third parties track you for
          advertising.
        </li>
      </ul>
    ),
  },
  {
    id: 'cookie-list',
    title: 'Cookies we use',
    content: (
      <>
        <Table
          visibleFrom="sm"
          className={classes.table}
          striped
          withTableBorder
          verticalSpacing="sm"
        >
          <TableHead scope="col" columns={['Cookie', 'Type', 'Purpose', 'Duration']} />
          <Table.Tbody>
            {COOKIE_TABLE.map((cookie) => (
              <Table.Tr key={cookie.name}>
                <Table.Th scope="row">{cookie.name}</Table.Th>
                <Table.Td>{cookie.type}</Table.Td>
                <Table.Td>{cookie.purpose}</Table.Td>
                <Table.Td>{cookie.duration}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {/* Phones: one card per cookie instead of a table that scrolls sideways. */}
        <Stack hiddenFrom="sm" gap="sm" className={classes.table}>
          {COOKIE_TABLE.map((cookie) => (
            <Paper key={cookie.name} withBorder radius="md" p="md">
              <Group justify="space-between" mb={6} wrap="nowrap">
                <Text fw={700}>{cookie.name}</Text>
                <Badge variant="light" size="sm">
                  {cookie.type}
                </Badge>
              </Group>
              <Text size="sm" mb={6}>
                {cookie.purpose}
              </Text>
              <Text size="sm" c="dimmed">
                Duration: {cookie.duration}
              </Text>
            </Paper>
          ))}
        </Stack>
      </>
    ),
  },
  {
    id: 'managing-cookies',
    title: 'Managing cookies',
    content: (
      <>
        <p>
          You can view, block and delete cookies in your browser settings. Blocking essential
          cookies will sign you out and stop parts of StockPulse from working.
        </p>
        <ul>
          {BROWSER_HELP.map((browser) => (
            <li key={browser.name}>
              <strong>{browser.name}:</strong> {browser.path}
            </li>
          ))}
        </ul>
        <p>On phones and tablets, look in the settings of your browser app.</p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about cookies? Write <ContactSentence kind="privacy_email" />. Our{' '}
        <Anchor component={Link} to="/privacy">
          Privacy Policy
        </Anchor>{' '}
        explains how we handle personal data.
      </p>
    ),
  },
];

export function CookiesPage() {
  return (
    <LegalDocument
      title="Cookie Policy"
      intro={
        <p>
          This policy explains how StockPulse uses cookies and similar technologies when you visit
          our website, what each one does, and how you can control them.
        </p>
      }
      sections={sections}
    />
  );
}
