import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconChartLine } from '@tabler/icons-react';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { useEffect } from 'react';
import { Link } from '../../../components/link';
import { FadeInSection } from '../components/fade-in-section';
import { PublicFooter } from '../components/public-footer';
import { SubscribeForm } from '../components/subscribe-form';
import { markLandingSeen } from '../landing-seen';
import { useSiteFigures } from '../api/site-figures';
import {
  ADVICE_NOTE,
  FIGURE_DEFINITIONS,
  FIGURES_DEMO_NOTE,
  FIGURES_METHOD,
  FIGURES_UNKNOWN,
  MARKETING_SECTIONS,
  TRUST_FIGURES,
} from './landing-data';
import type { FigureKey } from './landing-data';
import classes from './landing-page.module.css';

/** The asterisk of a marketing claim, linked to its footnote. */
function Claim() {
  return (
    <a href="#figures-footnote" className={classes.asterisk} aria-label="see the footnote">
      *
    </a>
  );
}

const COUNT = new Intl.NumberFormat('en-US');

/**
 * One counted figure: '…' while it is counted, 'unknown' when the count failed. `data-figure`
 * lets the static landing's enhancer write the same value.
 */
function FigureValue({ name }: { name: FigureKey }) {
  const { figures, failed } = useSiteFigures();
  const value = figures ? COUNT.format(figures[name]) : failed ? FIGURES_UNKNOWN : '…';
  return (
    <span data-figure={name} aria-busy={!figures && !failed}>
      {value}
    </span>
  );
}

/** The demo note of the footnotes: rendered hidden, shown once the server says it is demo data. */
function DemoNote() {
  const { figures } = useSiteFigures();
  return (
    <li data-figures-demo hidden={!figures?.demo}>
      <Text size="xs" fw={600} lh={1.6}>
        {FIGURES_DEMO_NOTE}
      </Text>
    </li>
  );
}

/**
 * /landing (spec §2): hero with two ways into the analysis, the newsletter sign-up, three trust
 * figures, three sections that fade in, footnotes for every figure, the public footer. Opening it
 * marks the landing as seen (§4).
 */
export function LandingPage() {
  useEffect(() => {
    markLandingSeen();
  }, []);

  return (
    <div className={classes.page}>
      <section className={classes.hero} aria-labelledby="landing-title">
        <div className={classes.heroInner}>
          <Badge variant="light" color="teal" radius="sm" size="lg" className={classes.heroBadge}>
            AI market insight for self-directed investors
          </Badge>
          <Title order={1} id="landing-title" className={classes.heroTitle}>
            Understand what moves your stocks.
          </Title>
          <Text className={classes.heroText}>
            StockPulse reads the market news for you, summarises it with AI, ties it to the
            companies you follow and shows the analysis next to the prices.
          </Text>
          <Group gap="sm" className={classes.heroActions}>
            <Button
              component={Link}
              to={PAGE_PATHS.analysisLatest}
              size="lg"
              radius="md"
              color="teal.9"
              rightSection={<IconArrowRight size={18} aria-hidden="true" />}
            >
              See the latest analysis
            </Button>
            <Button
              component={Link}
              to={PAGE_PATHS.analysisLatest}
              size="lg"
              radius="md"
              variant="white"
              color="dark"
              leftSection={<IconChartLine size={18} aria-hidden="true" />}
            >
              Explore companies
            </Button>
          </Group>

          <Paper className={classes.subscribe} radius="lg" p="lg">
            <Text fw={700} c="white" mb={4} id="subscribe-title">
              Weekly market insights, free by e-mail
            </Text>
            <Text size="sm" className={classes.subscribeText} mb="md">
              A weekly recap of the market and of the stories that moved it. Confirm by e-mail;
              unsubscribe in one click.
            </Text>
            <SubscribeForm inverted />
          </Paper>

          <dl className={classes.figures} aria-label="StockPulse in numbers">
            {TRUST_FIGURES.map((name) => (
              <div key={name} className={classes.figure}>
                <dt className={classes.figureLabel}>{FIGURE_DEFINITIONS[name].label}</dt>
                <dd className={classes.figureValue}>
                  <FigureValue name={name} />
                  <Claim />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className={classes.body}>
        {MARKETING_SECTIONS.map((section, index) => (
          <FadeInSection
            key={section.id}
            labelledBy={`landing-${section.id}`}
            className={classes.section}
          >
            <div className={classes.sectionText} data-flip={index % 2 === 1 || undefined}>
              <Text size="sm" fw={700} tt="uppercase" className={classes.eyebrow}>
                {section.eyebrow}
              </Text>
              <Title order={2} id={`landing-${section.id}`} className={classes.sectionTitle}>
                {section.title}
              </Title>
              <Text c="dimmed" size="lg" lh={1.6}>
                {section.text}
              </Text>
              <List spacing="sm" mt="lg" center>
                {section.points.map((point) => (
                  <List.Item
                    key={point.text}
                    icon={
                      <ThemeIcon size={30} radius="md" variant="light" color="teal">
                        <point.icon size={18} aria-hidden="true" />
                      </ThemeIcon>
                    }
                  >
                    {point.text}
                  </List.Item>
                ))}
              </List>
              <Anchor component={Link} to="/" fw={600} mt="md" className={classes.sectionLink}>
                See it in StockPulse <IconArrowRight size={14} aria-hidden="true" />
              </Anchor>
              {section.id === 'portfolio' && (
                <Paper withBorder radius="md" p="md" mt="xl" maw={280}>
                  <Text className={classes.returnValue}>
                    <FigureValue name="alerts_sent" />
                    <Claim />
                  </Text>
                  <Text size="sm" c="dimmed">
                    {FIGURE_DEFINITIONS.alerts_sent.label}
                  </Text>
                </Paper>
              )}
            </div>
            <div className={classes.visual} aria-hidden="true" data-kind={section.id} />
          </FadeInSection>
        ))}

        <Stack gap="md" className={classes.cta} align="center">
          <Title order={2} ta="center">
            Start with today's analysis
          </Title>
          <Group justify="center">
            <Button component={Link} to={PAGE_PATHS.analysisLatest} size="md" radius="md">
              Open the analysis
            </Button>
            <Button
              component={Link}
              to={PAGE_PATHS.register}
              size="md"
              radius="md"
              variant="default"
            >
              Create a free account
            </Button>
          </Group>
        </Stack>

        <section
          id="figures-footnote"
          className={classes.footnotes}
          aria-labelledby="footnotes-title"
        >
          <Text fw={700} size="sm" id="footnotes-title">
            * About these figures
          </Text>
          <ul className={classes.footnoteList}>
            {[...TRUST_FIGURES, 'alerts_sent' as const].map((name) => (
              <li key={name}>
                <Text size="xs" c="dimmed" lh={1.6}>
                  {FIGURE_DEFINITIONS[name].note}
                </Text>
              </li>
            ))}
            <li>
              <Text size="xs" c="dimmed" lh={1.6}>
                {FIGURES_METHOD}
              </Text>
            </li>
            <DemoNote />
            <li>
              <Text size="xs" c="dimmed" lh={1.6}>
                {ADVICE_NOTE}
              </Text>
            </li>
          </ul>
        </section>
      </div>

      <PublicFooter />
    </div>
  );
}
