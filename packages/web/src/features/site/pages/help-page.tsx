import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { Link } from '../../../components/link';
import classes from './content-page.module.css';
import { PageIntro } from '../components/page-intro';

/** Each screen of the product and how to use it. */
const SCREENS: readonly { title: string; path: string; steps: readonly string[] }[] = [
  {
    title: 'Company analysis (home)',
    path: PAGE_PATHS.analysisLatest,
    steps: [
      "The AI analyst's latest company analyses, two a page; Back and Next page through them.",
      'Each analysis shows the company link, a stock table and a chart; numbers in brackets link to the articles it cites.',
    ],
  },
  {
    title: 'News feeds',
    path: PAGE_PATHS.newsLatestAi,
    steps: [
      'Pick a feed: AI, latest, bullish, bearish or defcon alerts. More articles load as you scroll.',
      'Open an article for its summary and a Q&A chat about it; share it or discuss it in the comments.',
    ],
  },
  {
    title: 'Search',
    path: PAGE_PATHS.search,
    steps: [
      'Type a company or ticker in the search box; pick a suggestion to open its page, or press Enter to search the news.',
    ],
  },
  {
    title: 'Company pages and exploration',
    path: PAGE_PATHS.companyExplore,
    steps: [
      'Explore companies by sector and sub-industry.',
      'A company page shows its profile, price table, candlestick chart with a range selector, related companies and news. Tick “Watch” to add it to your watchlist (logged in).',
    ],
  },
  {
    title: 'Watch a company and track a purchase',
    path: PAGE_PATHS.stockRegister,
    steps: [
      'Watch a company: search a ticker, choose it and add it to your watchlist.',
      'Track a purchase: record a buy, sale, dividend or split; the dashboard values your portfolio from it.',
    ],
  },
  {
    title: 'Dashboard',
    path: PAGE_PATHS.dashboard,
    steps: [
      'Top growth today and this week, and your watchlist, refreshed while the page is open.',
      'Charts, calendar, widgets and CSV import/export are in the dashboard menu.',
    ],
  },
  {
    title: 'AI prompts and chat',
    path: PAGE_PATHS.aiChat,
    steps: [
      'Choose a persona and whether to include your portfolio, then ask. Answers stream in and cite their sources.',
      'The prompt editor keeps portfolio prompts and your e-mail summary prompt.',
    ],
  },
  {
    title: 'Your account',
    path: PAGE_PATHS.userProfile,
    steps: [
      'Edit your profile (fields save when you leave them), turn e-mail alerts on or off, link Telegram and copy your referral code.',
      'Manage or change your plan from the subscription card.',
    ],
  },
  {
    title: 'Blog and newsletter',
    path: PAGE_PATHS.blog,
    steps: [
      "The analyst's weekly market recaps. Subscribe on the home page to get them by e-mail (confirm the link we send).",
    ],
  },
];

/** /help: how to use each screen. */
export function HelpPage() {
  return (
    <Stack gap="xl" className={classes.wide}>
      <PageIntro badge="Help" title="How to use StockPulse" maw={720}>
        <Text c="dimmed" lh={1.6}>
          Each screen in a few lines. Still stuck? Read the{' '}
          <Anchor component={Link} to={PAGE_PATHS.faq}>
            FAQ
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to={PAGE_PATHS.contact}>
            write to us
          </Anchor>
          .
        </Text>
      </PageIntro>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {SCREENS.map((screen) => (
          <Card key={screen.title} withBorder radius="lg" padding="lg" component="section">
            <Title order={2} size="h4" mb="sm">
              <Anchor component={Link} to={screen.path} inherit>
                {screen.title}
              </Anchor>
            </Title>
            <List spacing={6} size="sm">
              {screen.steps.map((step) => (
                <List.Item key={step}>
                  <Text size="sm" c="dimmed" lh={1.6}>
                    {step}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
