import { Anchor } from '@mantine/core';
import { Link } from '../../../components/link';
import { ContactSentence } from '../../site';
import { LegalDocument } from '../components/legal-document';
import type { LegalSection } from '../components/legal-document';

const sections: readonly LegalSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    content: (
      <p>
        This policy explains how StockPulse Ltd. (“StockPulse”, “we”) collects and uses personal
        data when you use our website, apps, e-mails and alerts, and the choices you have. We are
        the controller of that data. We collect as little as we can and never sell it.
      </p>
    ),
  },
  {
    id: 'information-collected',
    title: 'Information we collect',
    content: (
      <ul>
        <li>
          <strong>Account data:</strong> e-mail address, username, first and last name, password
          (stored only as a secure hash) and optional profile details such as company, address or an
          “about me” text.
        </li>
        <li>
          <strong>Investment preferences:</strong> the watchlists and share purchases you record,
          the prompts you write and your conversations with the AI assistant.
        </li>
        <li>
          <strong>Community content:</strong> comments and reports you post.
        </li>
        <li>
          <strong>Subscription data:</strong> your plan and payment status. Card details are handled
          by our payment processor; we never see or store them.
        </li>
        <li>
          <strong>Technical data:</strong> IP address, browser type, pages visited and cookies (see
          our{' '}
          <Anchor component={Link} to="/cookies">
            Cookie Policy
          </Anchor>
          ).
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'How we use your information',
    content: (
      <ul>
        <li>to provide the Service: your account, watchlists, feeds, analyses and chat;</li>
        <li>to send the e-mail summaries and messaging alerts you switch on;</li>
        <li>to process subscriptions and referral rewards;</li>
        <li>to keep the Service secure, prevent spam and abuse, and approve new accounts;</li>
        <li>to understand usage in aggregate and improve the product;</li>
        <li>to meet legal obligations.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'How we share information',
    content: (
      <>
        <p>
          We share personal data only with service providers who process it on our behalf under
          contract (hosting, e-mail delivery, payments, messaging and AI model providers), with
          authorities where the law requires it, and with a buyer if our business is transferred.
          Your username and comments are visible to other users. We do not sell personal data or
          share it for third-party advertising.
        </p>
        <p>
          When you ask the AI assistant about your portfolio, the prompt and the relevant watchlist
          are sent to our AI provider solely to generate the answer.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Data security and retention',
    content: (
      <p>
        Data is encrypted in transit, passwords and access tokens are stored only as hashes, and
        access within StockPulse is limited to staff who need it. We keep account data while your
        account is open and delete or anonymise it within 90 days after you close it, unless we must
        keep records longer by law (for example invoices).
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>
          Depending on where you live, you can ask to access, correct, export or delete your
          personal data, object to or restrict its processing, and withdraw consent at any time.
          Most profile data can be edited directly on your account page.
        </p>
        <p>
          To exercise a right, write <ContactSentence kind="privacy_email" />. You may also complain
          to your data-protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children’s privacy',
    content: (
      <p>
        StockPulse is not directed at anyone <strong>under 18</strong> and we do not knowingly
        collect their data. If you believe a minor has created an account, contact us and we will
        delete it.
      </p>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    content: (
      <p>
        Some of our providers process data outside your country. Where data leaves the UK or the
        European Economic Area we rely on adequacy decisions or standard contractual clauses, so it
        keeps an equivalent level of protection.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We will post any update here with a new date. If a change materially affects how we use your
        data, we will tell you by e-mail or in the app before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        For privacy questions write <ContactSentence kind="privacy_email" />.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          Your trust matters more than any feature. This policy describes what we collect, why, and
          how you stay in control.
        </p>
      }
      sections={sections}
    />
  );
}
