import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconShare } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  SHARE_COPIED,
  SHARE_COPY_FAILED,
  SHARE_UNSUPPORTED,
} from '../../../components/share/share-links';
import { absoluteSiteUrl } from '../../../lib/site-url';
import { showErrorToast, showInfoToast } from '../../../lib/toast';
import { SectionCard } from '../../../components/section-card';

export const CODE_COPIED = 'Referral code copied!';
export const CODE_COPY_FAILED = 'Copy failed. Please try manually.';
/** Spec §9: the copy message stays 3 s. */
export const COPY_MESSAGE_MS = 3_000;

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+$/;

/** Spec §6: origin + /register?ref={code}, with user_ref={username} unless it is an e-mail. */
export function referralLink(origin: string, code: string, username: string): string {
  const params = new URLSearchParams({ ref: code });
  if (username && !EMAIL_LIKE.test(username)) params.set('user_ref', username);
  return absoluteSiteUrl(`/register?${params.toString()}`, origin);
}

async function copyText(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !('clipboard' in navigator)) {
    throw new Error('The clipboard is not available.');
  }
  await navigator.clipboard.writeText(text);
}

/** The share link and the code, with their copy (and native share) buttons. */
export function ReferralShare({ code, username }: { code: string; username: string }) {
  const link = referralLink(window.location.origin, code, username);
  const [codeMessage, setCodeMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (codeMessage === null) return;
    const timer = window.setTimeout(() => setCodeMessage(null), COPY_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [codeMessage]);

  const copyLink = () => {
    copyText(link).then(
      () => showInfoToast(SHARE_COPIED),
      () => showErrorToast(SHARE_COPY_FAILED),
    );
  };
  const shareLink = () => {
    if (typeof navigator.share !== 'function') {
      showErrorToast(SHARE_UNSUPPORTED);
      return;
    }
    navigator.share({ title: 'Join me on StockPulse', url: link }).catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        showErrorToast('Failed to share');
      }
    });
  };
  const copyCode = () => {
    copyText(code).then(
      () => setCodeMessage({ ok: true, text: CODE_COPIED }),
      () => setCodeMessage({ ok: false, text: CODE_COPY_FAILED }),
    );
  };

  return (
    <SectionCard labelledBy="share-title">
      <Title order={2} size="h4" id="share-title" mb="sm">
        Share your link
      </Title>
      <Stack gap="md">
        <TextInput label="Your referral link" value={link} readOnly />
        <Group gap="sm">
          <Button leftSection={<IconCopy size={16} aria-hidden />} onClick={copyLink}>
            Copy link
          </Button>
          <Button
            variant="default"
            leftSection={<IconShare size={16} aria-hidden />}
            onClick={shareLink}
          >
            Share
          </Button>
        </Group>
        <TextInput
          label="Your referral code"
          value={code}
          readOnly
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={copyCode}
          >
            Copy code
          </Button>
          {codeMessage && (
            <Text size="sm" c={codeMessage.ok ? 'teal' : 'red'} role="status">
              {codeMessage.text}
            </Text>
          )}
        </Group>
      </Stack>
    </SectionCard>
  );
}
