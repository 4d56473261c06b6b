import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconExternalLink, IconShare } from '@tabler/icons-react';
import { showErrorToast, showInfoToast } from '../../lib/toast';
import {
  gistText,
  SHARE_COPIED,
  SHARE_COPY_FAILED,
  SHARE_UNSUPPORTED,
  shareCapabilities,
  shareTargets,
} from './share-links';
import classes from './share-panel.module.css';

async function copyToClipboard(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}

function copyWithToasts(text: string): void {
  copyToClipboard(text).then(
    () => showInfoToast(SHARE_COPIED),
    () => showErrorToast(SHARE_COPY_FAILED),
  );
}

/**
 * Spec §2 share card: native share when the browser has it, copy to clipboard, open in a new tab
 * (only when the link is not the current page) and the social sites.
 */
export function SharePanel({
  id,
  url,
  title,
  isCurrentPage,
}: {
  /** Element id, for the `aria-controls` of the button that opens the panel. */
  id: string;
  /** The absolute link to share (already on the main domain). */
  url: string;
  title: string;
  isCurrentPage: boolean;
}) {
  const { nativeShare, clipboard } = shareCapabilities();
  const share = () => {
    navigator.share({ title, url }).catch((error: unknown) => {
      // The user closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        showErrorToast('Failed to share');
      }
    });
  };

  return (
    <Paper id={id} withBorder radius="md" p="sm" className={classes.panel}>
      <Stack gap="xs">
        <TextInput
          size="xs"
          readOnly
          value={url}
          aria-label="Link to share"
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
        {!nativeShare && !clipboard && (
          <Text size="sm" c="dimmed">
            {SHARE_UNSUPPORTED}
          </Text>
        )}
        <Group gap="xs">
          {nativeShare && (
            <Button size="xs" variant="light" leftSection={<IconShare size={14} />} onClick={share}>
              Share…
            </Button>
          )}
          {clipboard && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCopy size={14} />}
              onClick={() => {
                copyWithToasts(url);
              }}
            >
              Copy to clipboard
            </Button>
          )}
          {!isCurrentPage && (
            <Button
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              variant="default"
              leftSection={<IconExternalLink size={14} />}
            >
              Open new tab
            </Button>
          )}
        </Group>
        <Group gap={6} component="ul" aria-label="Share on" className={classes.targets}>
          {shareTargets(url, title).map((target) => (
            <li key={target.id}>
              <Button
                component="a"
                href={target.href}
                target="_blank"
                rel="noopener noreferrer"
                size="compact-sm"
                variant="subtle"
                leftSection={<target.icon size={14} aria-hidden />}
                title={
                  target.id === 'gist'
                    ? 'Opens a new gist; the link is copied to paste into it'
                    : undefined
                }
                onClick={
                  target.id === 'gist' && clipboard
                    ? () => {
                        copyWithToasts(gistText(url, title));
                      }
                    : undefined
                }
              >
                {target.label}
              </Button>
            </li>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
