/**
 * The offline assistant: a rule-based analyst over the user's own data. It reads the question
 * (and the chat so far for follow-ups), picks an intent, writes cited sentences from the context
 * only, applies the persona and ends with the not-advice line. Pure and synchronous.
 */
import type {
  AssistantAnswer,
  AssistantProvider,
  AssistantRequest,
  ChatTurn,
  CompanyContext,
} from '../assistant-provider.ts';
import { personaOf } from '../personas.ts';
import { articleAnswer } from './answer-article.ts';
import { createWriter, type Section } from './answer-writer.ts';
import {
  companyOverview,
  compare,
  movers,
  periodOfMove,
  portfolioOverview,
  NO_COMPANIES,
  type AnswerInput,
} from './answers-market.ts';
import { asksAboutTheMarket, marketSection, news, risks, watch } from './answers-news.ts';
import { explain } from './answer-explain.ts';
import { glossaryTerms, isGlossaryTerm } from './glossary.ts';
import {
  isFollowUp,
  answerParts,
  isGenericInstruction,
  readQuestion,
  type Intent,
  type Topic,
} from './intents.ts';
import { createCompanyMatcher, unknownNames, type CompanyMatcher } from './match.ts';
import { applyPersona } from './persona-voice.ts';

const NO_COMPANIES_FOR_MARKET =
  'Add companies to your watchlist (or choose tickers) to see how yours did against it.';

export const OUT_OF_SCOPE_LINES = [
  'I can’t answer that from your data offline.',
  'Offline I can tell you how your portfolio or a company is doing, what moved and why, the news on a company, the risks, how two companies compare, what to watch next, what a market term means, and answer questions about an article.',
  'For free-form questions a language model can be configured (AI_PROVIDER=openai).',
];

/** The topic and companies of the latest earlier user turns that had them. */
function recall(history: readonly ChatTurn[], matcher: CompanyMatcher) {
  let topic: Topic | null = null;
  let named: CompanyContext[] = [];
  for (let i = history.length - 1; i >= 0 && (topic === null || named.length === 0); i--) {
    const turn = history[i];
    if (turn?.role !== 'user') continue;
    if (topic === null) topic = readQuestion(turn.content).topic;
    if (named.length === 0) named = matcher.find(turn.content);
  }
  return { topic: topic === 'explain' ? null : topic, named };
}

/** Intents whose question may ask several parts at once (see answerParts). */
const PART_INTENTS: ReadonlySet<Intent> = new Set([
  'portfolio_overview',
  'company_overview',
  'movers',
  'news',
  'risks',
  'watch',
]);

function intentOf(topic: Topic | null, named: number, portfolio: boolean): Intent {
  switch (topic) {
    case 'compare':
      return named >= 2 ? 'compare' : named === 1 ? 'company_overview' : 'portfolio_overview';
    case 'risks':
    case 'watch':
    case 'news':
    case 'movers':
      return topic;
    case 'overview':
      return named > 0 ? 'company_overview' : 'portfolio_overview';
    default:
      return named > 0 ? 'company_overview' : portfolio ? 'portfolio_overview' : 'out_of_scope';
  }
}

function unknownCompany(
  names: string[],
  all: readonly CompanyContext[],
  text: (s: string) => string,
): Section[] {
  const list = names.map(text).join(' and ');
  const lines = [
    `${list} ${names.length > 1 ? 'are' : 'is'} not in the data I have for this question, so I can’t say anything about ${names.length > 1 ? 'them' : 'it'}.`,
    `Add ${names.length > 1 ? 'them' : 'it'} to your watchlist (or choose ${names.length > 1 ? 'them' : 'it'} as tickers) and ask again.`,
  ];
  if (all.length > 0) {
    const known = all.slice(0, 12).map((c) => text(c.company_name));
    lines.push(
      `I can answer about: ${known.join(', ')}${all.length > 12 ? ' and the rest of your selection' : ''}.`,
    );
  }
  return [{ lines }];
}

/** Writes the answer (synchronously; the provider wraps it in a promise). */
export function answerOffline(request: AssistantRequest): AssistantAnswer {
  const { context } = request;
  const persona = personaOf(request.persona?.name);
  const { writer: w, render } = createWriter(request.useMarkdown);
  const matcher = createCompanyMatcher(context.companies);
  const question = request.question.trim();
  const reading = readQuestion(question);
  const terms = glossaryTerms(question);
  let named = matcher.find(question);
  let topic = reading.topic;

  const previous = recall(request.history, matcher);
  const followUp = isFollowUp(question);
  if (topic === null && (followUp || named.length > 0 || reading.pronoun)) topic = previous.topic;
  if (named.length === 0 && !reading.portfolio && (reading.pronoun || followUp))
    named = previous.named;

  let intent: Intent;
  if (context.article && !(topic === 'explain' && terms.length > 0 && named.length === 0)) {
    intent = 'article';
  } else if (topic === 'explain' || (topic === null && named.length === 0 && terms.length > 0)) {
    intent = terms.length > 0 ? 'explain' : 'out_of_scope';
  } else if (request.type !== 'CHAT' && isGenericInstruction({ ...reading, topic }, named.length)) {
    intent = 'portfolio_summary';
  } else {
    intent = intentOf(topic, named.length, reading.portfolio);
  }

  const input = (): AnswerInput => {
    const focus = named.length > 0 ? named : context.companies;
    const period =
      reading.period ??
      (intent === 'compare'
        ? 31
        : intent === 'movers' && named.length === 1 && reading.direction !== null
          ? periodOfMove(named[0], reading.direction)
          : 1);
    return { w, now: context.now, companies: focus, all: context.companies, period };
  };

  let notes: string[] = [];
  if (intent !== 'article' && intent !== 'explain' && intent !== 'portfolio_summary') {
    const capitalised = named.length === 0 && !reading.portfolio && intent !== 'out_of_scope';
    // "the stock market", "Wall Street": the market, not a company missing from the data.
    const unknown = unknownNames(question, matcher, isGlossaryTerm, { capitalised }).filter(
      (name) => !asksAboutTheMarket(name),
    );
    if (unknown.length > 0 && (named.length === 0 || intent === 'out_of_scope'))
      intent = 'unknown_company';
    else if (unknown.length > 0) {
      notes = [
        `${unknown.map((u) => w.text(u)).join(' and ')} ${unknown.length > 1 ? 'are' : 'is'} not in your data, so the answer covers the rest.`,
      ];
    }
    if (intent === 'unknown_company') notes = [];
    if (intent === 'unknown_company' && unknown.length === 0) intent = 'out_of_scope';
    if (intent === 'unknown_company') {
      return finish(
        intent,
        render,
        applyPersona(
          persona,
          input(),
          unknownCompany(unknown, context.companies, (s) => w.text(s)),
          false,
        ),
      );
    }
  }

  // "How is the stock market doing?": the market's news, then how the selection did.
  if (intent === 'out_of_scope' && asksAboutTheMarket(question)) intent = 'portfolio_overview';
  const data = input();
  // A question asking several things of the portfolio or the named companies gets each part, in
  // a fixed order, instead of only the first topic it names.
  const parts = PART_INTENTS.has(intent) ? answerParts(reading) : [];
  let sections: Section[];
  if (parts.length > 0) {
    const isNamed = named.length > 0;
    sections = parts.flatMap((part) => {
      switch (part) {
        case 'overview':
          return isNamed ? companyOverview(data) : portfolioOverview(data);
        case 'movers':
          return movers(data, isNamed);
        case 'news':
          return news(data, isNamed);
        case 'risks':
          return risks(data);
        case 'watch':
          return watch(data, isNamed);
      }
    });
  } else {
    switch (intent) {
      case 'article':
        sections = context.article
          ? articleAnswer(w, context, context.article, question, named)
          : [];
        break;
      case 'explain':
        sections = explain(data, terms);
        break;
      case 'portfolio_summary':
        sections =
          context.companies.length === 0
            ? [{ lines: [NO_COMPANIES] }]
            : [
                ...portfolioOverview(data),
                ...movers(data, false),
                ...risks(data),
                ...watch(data, false),
              ];
        break;
      case 'portfolio_overview':
        sections = portfolioOverview(data);
        break;
      case 'company_overview':
        sections = companyOverview(data);
        break;
      case 'movers':
        sections = movers(data, named.length > 0);
        break;
      case 'news':
        sections = news(data, named.length > 0);
        break;
      case 'risks':
        sections = risks(data);
        break;
      case 'watch':
        sections = watch(data, named.length > 0);
        break;
      case 'compare':
        sections = compare(data);
        break;
      default:
        sections = [{ lines: OUT_OF_SCOPE_LINES }];
    }
  }
  // A question about the market leads with the newest market-wide articles.
  const market =
    intent !== 'article' && intent !== 'explain' && asksAboutTheMarket(question)
      ? marketSection(data, context.market ?? [])
      : null;
  if (
    context.companies.length === 0 &&
    intent !== 'article' &&
    intent !== 'explain' &&
    intent !== 'out_of_scope'
  ) {
    sections = market
      ? [market, { lines: [NO_COMPANIES_FOR_MARKET] }]
      : [{ lines: [NO_COMPANIES] }];
  } else if (market) {
    sections = [market, ...sections];
  }
  if (notes.length > 0) sections = [{ lines: notes }, ...sections];
  const factual = !['article', 'explain', 'out_of_scope'].includes(intent);
  return finish(intent, render, applyPersona(persona, data, sections, factual));
}

function finish(
  intent: Intent,
  render: ReturnType<typeof createWriter>['render'],
  voiced: ReturnType<typeof applyPersona>,
): AssistantAnswer {
  const { text, citations } = render(voiced.sections, { lead: voiced.lead });
  return { text, citations, provider: 'offline', intent };
}

export function createOfflineAssistant(): AssistantProvider {
  return {
    name: 'offline',
    answer(request, options = {}) {
      const answer = answerOffline(request);
      // Offline the answer is ready at once; it still arrives through onText, a block at a time.
      if (options.onText) {
        const blocks = answer.text.split(/(?<=\n\n)/);
        for (const block of blocks) options.onText(block);
      }
      return Promise.resolve(answer);
    },
  };
}
