import { Anchor } from '@mantine/core';
import { Link } from '../../../components/link';
import { ContactSentence } from '../../site';
import { LegalDocument } from '../components/legal-document';
import type { LegalSection } from '../components/legal-document';

const sections: readonly LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to terms',
    content: (
      <>
        <p>
          These Terms of Service (the “Terms”) form a binding agreement between you and StockPulse
          Ltd. (“StockPulse”, “we”, “us”) and govern your access to and use of the StockPulse
          website, applications, e-mails and messaging alerts (together, the “Service”).
        </p>
        <p>
          By creating an account or otherwise using the Service you confirm that you have read,
          understood and accept these Terms and our{' '}
          <Anchor component={Link} to="/privacy">
            Privacy Policy
          </Anchor>
          . If you do not agree, do not use the Service.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'Description of the service',
    content: (
      <>
        <p>
          StockPulse collects market news and company data and uses artificial intelligence to
          summarise articles, classify them (for example as bullish, bearish or alert-worthy) and
          generate analyses of listed companies and of the watchlists you create.
        </p>
        <p>
          Registered users can keep watchlists, comment on articles, chat with an AI assistant and
          receive e-mail or messaging alerts. Some features require a paid subscription. We may add,
          change or withdraw features at any time; we will tell you in advance of any change that
          materially reduces a paid feature.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts and eligibility',
    content: (
      <ul>
        <li>
          The Service is intended for users <strong>18 years of age or older</strong>. By
          registering you confirm that you are at least 18.
        </li>
        <li>
          Give accurate registration details and keep them up to date. You are responsible for
          keeping your password secret and for all activity under your account.
        </li>
        <li>
          To keep the community free of spam, new accounts are approved manually by an administrator
          and may need e-mail validation before you can comment.
        </li>
        <li>
          Tell us immediately (write <ContactSentence />) if you suspect unauthorised use.
        </li>
      </ul>
    ),
  },
  {
    id: 'financial-disclaimer',
    title: 'Financial disclaimer: not financial advice',
    content: (
      <>
        <p>
          <strong>
            Nothing on StockPulse is financial, investment, tax or legal advice, or a recommendation
            to buy, sell or hold any security.
          </strong>{' '}
          Summaries, sentiment scores, alert levels, analyses and chat answers are produced
          automatically by AI models, can be incomplete, out of date or simply wrong, and do not
          take your personal circumstances into account.
        </p>
        <p>
          Prices and market data may be delayed or, in demonstration mode, simulated. Investing
          involves risk, including the loss of your capital, and past performance is no guide to
          future results. Make your own decisions and consider consulting a licensed adviser; you
          alone are responsible for any investment you make.
        </p>
      </>
    ),
  },
  {
    id: 'user-duties',
    title: 'Your obligations',
    content: (
      <>
        <p>When you use the Service you agree not to:</p>
        <ul>
          <li>
            post unlawful, abusive, misleading or spam content, or content you have no right to
            share;
          </li>
          <li>manipulate markets, promote pump-and-dump schemes or impersonate others;</li>
          <li>
            scrape, copy or resell the Service or its data, or use it to train competing models;
          </li>
          <li>
            probe, overload or interfere with the Service, its security or other users’ accounts.
          </li>
        </ul>
        <p>
          We may remove content and hide articles or comments that break these rules, and you can
          report such content to us from the article page.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    content: (
      <p>
        The Service, its software, design, AI-generated texts and the StockPulse name and logo
        belong to StockPulse or its licensors. News articles belong to their publishers and are
        linked to their source. You keep ownership of the comments and prompts you submit and grant
        us a worldwide, non-exclusive, royalty-free licence to host, display and process them to
        operate the Service.
      </p>
    ),
  },
  {
    id: 'data-privacy',
    title: 'Data privacy',
    content: (
      <p>
        We process personal data as described in our{' '}
        <Anchor component={Link} to="/privacy">
          Privacy Policy
        </Anchor>{' '}
        and use cookies as described in our{' '}
        <Anchor component={Link} to="/cookies">
          Cookie Policy
        </Anchor>
        . Both form part of these Terms.
      </p>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions and payments',
    content: (
      <ul>
        <li>
          Paid plans are billed monthly in advance through our payment processor and renew
          automatically until cancelled. Prices are shown on the pricing page and include any
          applicable taxes unless stated otherwise.
        </li>
        <li>
          You can cancel at any time from your account page; the plan stays active until the end of
          the paid period. Except where the law requires otherwise, payments are non-refundable.
        </li>
        <li>
          We will give at least 30 days’ notice of any price change, which applies from your next
          billing period.
        </li>
        <li>Referral rewards follow the rules published on the affiliates page.</li>
      </ul>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    content: (
      <p>
        You may close your account at any time. We may suspend or close accounts that breach these
        Terms, that are used fraudulently, or where the law requires it; where reasonable we will
        warn you first. To the fullest extent permitted by law, the Service is provided “as is” and
        StockPulse is not liable for indirect losses or for losses arising from investment
        decisions. This limitation, the financial disclaimer and the intellectual-property terms
        survive termination.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these Terms to reflect changes to the Service or the law. We will post the new
        version here with a new date and, for material changes, notify you by e-mail or in the app
        at least 14 days before they take effect. Continuing to use the Service afterwards means you
        accept the updated Terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about these Terms? Write <ContactSentence kind="legal_email" />.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <p>
          Please read these terms carefully. They explain what StockPulse offers, what we expect
          from you, and the limits of the information we provide.
        </p>
      }
      sections={sections}
    />
  );
}
