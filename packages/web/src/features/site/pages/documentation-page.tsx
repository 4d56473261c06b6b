import { Anchor, Code, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './content-page.module.css';
import { TableHead } from '../../../components/table-head';
import { PageIntro } from '../components/page-intro';

/** The settings a self-hoster sets first (README has every one). */
const SETTINGS: readonly [string, string, string][] = [
  ['PORT', '3000', 'HTTP port'],
  ['DATABASE_URL', 'unset', 'PostgreSQL 15+ URL; unset runs the embedded PostgreSQL'],
  ['DATA_DIR', './data', 'where the embedded PostgreSQL keeps its data'],
  ['PUBLIC_URL', 'http://localhost:$PORT', 'the address users reach; used in mailed links'],
  ['SMTP_URL', 'unset', 'smtp://user:pass@host:587 to send mail; unset keeps mail in the outbox'],
  ['MAIL_FROM', 'StockPulse <no-reply@stockpulse.local>', 'sender of our mail'],
  ['ADMIN_EMAIL / ADMIN_PASSWORD', 'generated', 'the administrator created on the first start'],
  ['DEMO_MODE', 'true', 'creates the demo user; set false in production'],
  ['MARKET_DATA', 'demo', 'demo (offline synthetic prices) or yahoo'],
  ['NEWS_SOURCES', 'demo', 'demo, edgar, yahoo and/or RSS/Atom feed URLs, comma-separated'],
  ['AI_PROVIDER', 'offline', 'offline (our own NLP analyst) or openai (any OpenAI-compatible API)'],
  [
    'OPENAI_BASE_URL / OPENAI_API_KEY / OPENAI_MODEL',
    'OpenAI, unset, gpt-4o-mini',
    'the model endpoint',
  ],
  [
    'PAYMENTS_PROVIDER',
    'offline',
    'offline (test-mode checkout) or stripe (with STRIPE_* settings)',
  ],
  [
    'CONTACT_EMAIL / CONTACT_PHONE / CONTACT_ADDRESS',
    'StockPulse defaults',
    'the footer and contact page details; addresses separated by ;',
  ],
  ['RATE_LIMIT_SCALE', '1', 'multiplies every rate limit'],
  ['CLOCK_START', 'unset', 'start business time at another instant (demos, tests)'],
];

const PROVIDERS: readonly [string, string, string][] = [
  [
    'Market data',
    'demo: deterministic synthetic prices of real large companies',
    'yahoo: Yahoo Finance quotes, history, profiles and search',
  ],
  [
    'News',
    'demo: the bundled market wire and market briefs written from demo prices',
    'RSS/Atom feeds, SEC EDGAR 8-K filings, Yahoo news',
  ],
  [
    'AI',
    'offline: our own analyst (summaries, finance sentiment lexicon, classification)',
    'openai: OpenAI, Ollama, vLLM, llama.cpp server, OpenRouter…',
  ],
  ['Mail', 'the outbox table and the log (admin panel)', 'any SMTP server'],
  [
    'Payments',
    'a local test-mode checkout and portal',
    'Stripe Checkout, Customer Portal and signed webhooks',
  ],
];

/** One part of the page under its heading. */
function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** A three-column table of the page; `first` draws the cell that names the row. */
function DocTable({
  columns,
  rows,
  striped,
  first,
}: {
  columns: string[];
  rows: readonly (readonly [string, string, string])[];
  striped?: boolean;
  first: (value: string) => ReactNode;
}) {
  return (
    <div className={classes.tableWrap}>
      <Table striped={striped} withTableBorder verticalSpacing="xs" miw={640}>
        <TableHead columns={columns} />
        <Table.Tbody>
          {rows.map(([name, second, third]) => (
            <Table.Tr key={name}>
              {first(name)}
              <Table.Td>{second}</Table.Td>
              <Table.Td>{third}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** /documentation: self-hosting in two commands, the settings, the providers, the API. */
export function DocumentationPage() {
  return (
    <Stack gap="xl" className={classes.wide} maw={960}>
      <PageIntro badge="Documentation" title="Run StockPulse yourself">
        <Text c="dimmed" lh={1.6}>
          StockPulse is one Node.js process with its own PostgreSQL. Offline providers make it work
          with no account anywhere; real providers are switched on by settings.
        </Text>
      </PageIntro>

      <DocSection id="doc-start" title="Two commands">
        <Text mb="sm">On a fresh clone (Node.js and npm installed):</Text>
        <code className={classes.code}>{'npm ci\nnpm start'}</code>
        <Text mt="sm" c="dimmed" lh={1.6}>
          The product is then served at <Code>http://localhost:3000</Code> with an embedded
          PostgreSQL and a demo data set loaded on the first start (demo login: demo /
          demo-investor). <Code>npm test</Code> runs every test.
        </Text>
      </DocSection>

      <DocSection id="doc-config" title="Configuration">
        <Text mb="sm" c="dimmed">
          Environment variables, each with its default. The README lists every setting.
        </Text>
        <DocTable
          striped
          columns={['Variable', 'Default', 'What it does']}
          rows={SETTINGS}
          first={(name) => (
            <Table.Td>
              <Code>{name}</Code>
            </Table.Td>
          )}
        />
      </DocSection>

      <DocSection id="doc-providers" title="Providers">
        <DocTable
          columns={['Service', 'Offline (default)', 'Real']}
          rows={PROVIDERS}
          first={(kind) => <Table.Td fw={600}>{kind}</Table.Td>}
        />
      </DocSection>

      <DocSection id="doc-api" title="API">
        <Text lh={1.6}>
          Every call is under <Code>/api</Code> and answers <Code>{'{"status":"success", …}'}</Code>{' '}
          or <Code>{'{"status":"error","error_msg":…}'}</Code>. The interactive reference is at{' '}
          <Anchor href="/api/docs">/api/docs</Anchor> and the OpenAPI document at{' '}
          <Anchor href="/api/openapi.json">/api/openapi.json</Anchor>.
        </Text>
      </DocSection>
    </Stack>
  );
}
