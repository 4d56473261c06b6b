import { Anchor, Group } from '@mantine/core';
import { IconBug, IconExternalLink } from '@tabler/icons-react';
import { buildApiUrl } from '../../../lib/api-client';
import { useStoredToken } from '../../../lib/use-stored-token';
import { useViewer } from '../../users';

/** Spec §7 "debug": one prompt as the API stores it. A new tab, so the token goes in `key`. */
export function promptDebugHref(id: string, token: string | null): string {
  return buildApiUrl('/prompts/query', token === null ? { id } : { id, key: token });
}

/**
 * The prompt's backend view, for users with the debug interface and admins (the server answers
 * `id=` only to them, and only with prompts they may read).
 */
export function PromptDebugLink({ id }: { id: string }) {
  const viewer = useViewer();
  const token = useStoredToken();
  if (!viewer.debug && !viewer.isAdmin) return null;
  return (
    <Anchor
      href={promptDebugHref(id, token)}
      target="_blank"
      rel="noopener noreferrer"
      size="xs"
      aria-label="Debug: this prompt in the API (opens in a new tab)"
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconBug size={12} aria-hidden />
        Debug
        <IconExternalLink size={12} aria-hidden />
      </Group>
    </Anchor>
  );
}
