import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { Link } from '../../../components/link';
import classes from './content-page.module.css';
import { PageIntro } from '../components/page-intro';

/** A screen of the product with what it does; the screenshots were taken from the running app. */
const SCREENS = [
  {
    id: 'news',
    title: 'AI news feeds',
    text: 'The latest articles with AI summaries, sentiment badges and the tickers they are about. Switch between the AI feed, bullish, bearish, latest and defcon alerts; logged-in users also get a feed of their own portfolio.',
    image: '/screens/feature-news.webp',
    link: PAGE_PATHS.newsLatestAi,
    action: 'Open the news',
  },
  {
    id: 'analysis',
    title: 'Company analysis',
    text: "The AI analyst's latest view of each company, written from its news and price action and citing the articles it drew on, with a stock table and a chart.",
    image: '/screens/feature-analysis.webp',
    link: PAGE_PATHS.analysisLatest,
    action: 'Read the analyses',
  },
  {
    id: 'company',
    title: 'Company pages',
    text: 'Profile, month and year changes, a candlestick chart with volume and range selector, related companies and a news timeline, with a checkbox to watch the company.',
    image: '/screens/feature-company.webp',
    link: PAGE_PATHS.companyExplore,
    action: 'Explore companies',
  },
  {
    id: 'dashboard',
    title: 'Dashboard and portfolio',
    text: 'Top growth today and this week, your watchlist refreshed as prices move, your positions against a benchmark, a calendar of earnings and dividends, and widgets you arrange.',
    image: '/screens/feature-dashboard.webp',
    link: PAGE_PATHS.dashboard,
    action: 'Open the dashboard',
  },
] as const;

const MORE = [
  [
    'AI chat with personas',
    'Ask about your portfolio or an article as Warren Buffett, Ray Dalio, Benjamin Graham or a no-nonsense analyst.',
  ],
  [
    'Prompt editor',
    'Write your own portfolio prompts and e-mail summaries; answers cite their sources.',
  ],
  ['Alerts', 'Instant, daily or weekly e-mails, and Telegram messages about your holdings.'],
  ['Comments', 'Discuss articles with other investors; moderators keep it civil.'],
  ['Weekly recaps', 'A weekly market recap on the blog and, if you subscribe, in your inbox.'],
  [
    'Self-hosting',
    'Two commands run the whole product with an embedded database and offline providers.',
  ],
] as const;

/** /features: what the product does, screen by screen. */
export function FeaturesPage() {
  return (
    <Stack gap={56} className={classes.wide}>
      <PageIntro badge="Features" title="Everything StockPulse does" maw={720}>
        <Text c="dimmed" size="lg" lh={1.6}>
          News summarised by AI, company analysis, charts, a portfolio with alerts and an assistant
          that knows what you own. Here is each screen as it looks in the product.
        </Text>
      </PageIntro>

      {SCREENS.map((screen, index) => (
        <SimpleGrid
          key={screen.id}
          cols={{ base: 1, md: 2 }}
          spacing={40}
          component="section"
          aria-labelledby={`feature-${screen.id}`}
        >
          <Stack gap="sm" justify="center" style={{ order: index % 2 === 1 ? 2 : 0 }}>
            <Title order={2} id={`feature-${screen.id}`}>
              {screen.title}
            </Title>
            <Text c="dimmed" lh={1.7}>
              {screen.text}
            </Text>
            <Group>
              <Button component={Link} to={screen.link} variant="light">
                {screen.action}
              </Button>
            </Group>
          </Stack>
          <img
            src={screen.image}
            alt={`Screenshot: ${screen.title}`}
            className={classes.shot}
            width={1200}
            height={750}
            loading="lazy"
          />
        </SimpleGrid>
      ))}

      <section aria-labelledby="features-more">
        <Title order={2} id="features-more" mb="lg">
          And more
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {MORE.map(([title, text]) => (
            <Stack key={title} gap={4}>
              <Text fw={700}>{title}</Text>
              <Text size="sm" c="dimmed" lh={1.6}>
                {text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </section>

      <Group>
        <Button component={Link} to={PAGE_PATHS.pricing}>
          See the plans
        </Button>
        <Button component={Link} to={PAGE_PATHS.help} variant="default">
          How to use each screen
        </Button>
      </Group>
    </Stack>
  );
}
