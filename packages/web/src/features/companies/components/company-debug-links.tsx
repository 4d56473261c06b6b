import { Anchor, Group, Text } from '@mantine/core';
import { IconBug, IconExternalLink } from '@tabler/icons-react';
import { buildApiUrl } from '../../../lib/api-client';
import { useStoredToken } from '../../../lib/use-stored-token';
import { useViewer } from '../../users';

/**
 * Spec §6/§7 debug links of a company for admins and users with the debug interface: the stored
 * company and a queued refresh of its quotes. They open in a new tab, so the session token goes in
 * the `key` query parameter the API accepts.
 */
export function companyDebugLinks(id: string, token: string | null) {
  const query = token === null ? undefined : { key: token };
  const companyId = encodeURIComponent(id);
  return [
    { label: 'Get', href: buildApiUrl(`/company/get/${companyId}`, query) },
    { label: 'Invalidate', href: buildApiUrl(`/company/invalidate/${companyId}`, query) },
  ];
}

export function CompanyDebugLinks({ companyId }: { companyId: string }) {
  const viewer = useViewer();
  const token = useStoredToken();
  if (!viewer.debug && !viewer.isAdmin) return null;
  return (
    <Group gap="xs" component="nav" aria-label="Company backend views">
      <IconBug size={14} aria-hidden />
      <Text size="sm" c="dimmed">
        Debug:
      </Text>
      {companyDebugLinks(companyId, token).map((link) => (
        <Anchor
          key={link.label}
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
        >
          <Group gap={4} component="span" wrap="nowrap">
            {link.label}
            <IconExternalLink size={12} aria-hidden />
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}
