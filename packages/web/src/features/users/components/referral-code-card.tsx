import { ActionIcon, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { SectionCard } from '../../../components/section-card';

export const REFERRAL_COPIED = 'Referral code copied!';
export const REFERRAL_COPY_FAILED = 'Failed to copy. Please try again.';

async function copyText(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !('clipboard' in navigator)) {
    throw new Error('The clipboard is not available.');
  }
  await navigator.clipboard.writeText(text);
}

/** Spec §2 profile page: the read-only referral code with a copy button. */
export function ReferralCodeCard({ code }: { code: string }) {
  const copy = () => {
    copyText(code).then(
      () => showSuccessToast(REFERRAL_COPIED),
      () => showErrorToast(REFERRAL_COPY_FAILED),
    );
  };
  return (
    <SectionCard labelledBy="referral-title">
      <Title order={2} size="h4" id="referral-title">
        Referral code
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        Friends who register with your code earn you a free month.
      </Text>
      <TextInput
        label="Your referral code"
        value={code}
        readOnly
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        rightSectionWidth={42}
        rightSection={
          <Tooltip label="Copy referral code">
            <ActionIcon
              variant="subtle"
              onClick={copy}
              aria-label="Copy referral code"
              disabled={!code}
            >
              <IconCopy size={18} />
            </ActionIcon>
          </Tooltip>
        }
      />
    </SectionCard>
  );
}
