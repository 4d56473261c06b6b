/** The fields `/contact#subject=…&message=…` may prefill (spec §2, the pricing page's Contact Us). */
export interface ContactPrefill {
  subject: string;
  message: string;
}

/** Reads subject and message from a URL hash such as `#subject=Enterprise&message=Hello`. */
export function readContactPrefill(hash: string): ContactPrefill {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    subject: (params.get('subject') ?? '').slice(0, 200),
    message: (params.get('message') ?? '').slice(0, 5_000),
  };
}

/** The hash that prefills the contact form. */
export function contactPrefillHash(prefill: Partial<ContactPrefill>): string {
  const params = new URLSearchParams();
  if (prefill.subject) params.set('subject', prefill.subject);
  if (prefill.message) params.set('message', prefill.message);
  const text = params.toString();
  return text ? `#${text}` : '';
}
