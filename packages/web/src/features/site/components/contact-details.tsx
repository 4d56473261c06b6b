import { Anchor } from '@mantine/core';
import { useSiteContact } from '../api/site-contact';

type EmailKind = 'email' | 'privacy_email' | 'legal_email';

/** A mailto link to one of the configured addresses; nothing until the server has named it. */
export function ContactEmail({ kind = 'email' }: { kind?: EmailKind }) {
  const address = useSiteContact()?.[kind];
  if (!address) return null;
  return <Anchor href={`mailto:${address}`}>{address}</Anchor>;
}

/**
 * "write to {e-mail} or to {address}" with whatever is configured; the sentence keeps reading
 * when a part is missing, and says "through the contact page" when nothing is known.
 */
export function ContactSentence({ kind = 'email' }: { kind?: EmailKind }) {
  const contact = useSiteContact();
  const address = contact?.addresses[0];
  const email = contact?.[kind];
  if (!email && !address) return <>through the contact page</>;
  return (
    <>
      {email && (
        <>
          to <ContactEmail kind={kind} />
        </>
      )}
      {email && address && ' or '}
      {address && <>to {address}</>}
    </>
  );
}
