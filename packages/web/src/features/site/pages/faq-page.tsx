import { Accordion, Anchor, Stack, Text } from '@mantine/core';
import { PAGE_PATHS } from '@app/shared/app-routes';
import type { ReactNode } from 'react';
import { Link } from '../../../components/link';
import classes from './content-page.module.css';
import { PageIntro } from '../components/page-intro';

const QUESTIONS: readonly { q: string; a: ReactNode }[] = [
  {
    q: 'Is StockPulse financial advice?',
    a: 'No. StockPulse summarises news and data and shows an AI analyst’s reading of it. It is information to help you decide, not a recommendation to buy or sell. Past performance does not predict future results.',
  },
  {
    q: 'Where do the news and prices come from?',
    a: 'From the sources the operator configures: RSS and Atom feeds, SEC EDGAR filings and Yahoo Finance. The public demo runs on a built-in demo data set with synthetic prices, which the pages mark as demo data.',
  },
  {
    q: 'How does the AI summarise articles?',
    a: 'Each article is summarised, scored for sentiment (−10 bearish to +10 bullish) and importance, classified and linked to the companies it mentions. The analyses cite the articles they drew on, so you can check every claim.',
  },
  {
    q: 'Why was my account not approved at once?',
    a: 'Because of spam, new accounts are approved by an administrator. You can browse the news and companies meanwhile; you will get an e-mail when your account is approved.',
  },
  {
    q: 'What do the plans include?',
    a: (
      <>
        Supporter ($1 a month), Basic ($10: weekly e-mail summaries, weekly portfolio review,
        messaging alerts) and Standard ($29: instant alerts, daily e-mails, portfolio insights).
        Enterprise is by quote. See{' '}
        <Anchor component={Link} to={PAGE_PATHS.pricing}>
          Pricing
        </Anchor>
        .
      </>
    ),
  },
  {
    q: 'How do I cancel?',
    a: 'Open your profile and choose “Manage subscription”. Cancelling stops the next renewal; you keep your plan until the end of the period you paid for.',
  },
  {
    q: 'How does the newsletter work?',
    a: 'Enter your e-mail on the home page and confirm it through the link we send (it works once, for 48 hours). Only confirmed addresses get the weekly recap, and every mail has a one-click unsubscribe link.',
  },
  {
    q: 'How does the referral programme work?',
    a: (
      <>
        A free month for each friend who subscribes, 20% commission on their payments for 12 months
        and bonuses. The details are on the{' '}
        <Anchor component={Link} to={PAGE_PATHS.affiliates}>
          referral programme
        </Anchor>{' '}
        page.
      </>
    ),
  },
  {
    q: 'Can I run StockPulse myself?',
    a: (
      <>
        Yes: two commands start the whole product with its own database. See the{' '}
        <Anchor component={Link} to={PAGE_PATHS.documentation}>
          documentation
        </Anchor>
        .
      </>
    ),
  },
  {
    q: 'Who can use StockPulse?',
    a: 'Anyone 18 or over. Read our terms, privacy policy and cookie policy for the details.',
  },
];

/** /faq: common questions, one open at a time. */
export function FaqPage() {
  return (
    <Stack gap="xl" className={classes.wide} maw={860}>
      <PageIntro badge="FAQ" title="Frequently asked questions">
        <Text c="dimmed">
          Something else?{' '}
          <Anchor component={Link} to={PAGE_PATHS.contact}>
            Contact us
          </Anchor>
          .
        </Text>
      </PageIntro>
      <Accordion variant="separated" radius="md" chevronPosition="right">
        {QUESTIONS.map((item) => (
          <Accordion.Item key={item.q} value={item.q}>
            <Accordion.Control>
              <Text fw={600}>{item.q}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text c="dimmed" lh={1.7}>
                {item.a}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
