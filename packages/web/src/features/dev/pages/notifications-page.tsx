import { Button, Group, Text } from '@mantine/core';
import { showErrorToast, showInfoToast, showSuccessToast } from '../../../lib/toast';
import { DemoSection, GalleryPage } from '../components/gallery-page';

/** The product's toast kinds (lib/toast.tsx), each shown bottom-right. */
export const TOAST_KINDS = [
  {
    label: 'Failure',
    color: 'red',
    show: () => showErrorToast('The watchlist could not be loaded.', 'Watchlist'),
  },
  {
    label: 'Information',
    color: 'blue',
    show: () => showInfoToast('Prices refresh every minute.'),
  },
  { label: 'Success', color: 'teal', show: () => showSuccessToast('Your profile was saved.') },
] as const;

export function NotificationsPage() {
  return (
    <GalleryPage
      group="Components"
      title="Notifications"
      intro="The toasts of lib/toast.tsx, bottom-right: failures are red with the bell icon (spec §8), notices blue, successes teal."
    >
      <DemoSection id="notifications-kinds" title="Each kind">
        <Group gap="sm">
          {TOAST_KINDS.map((kind) => (
            <Button key={kind.label} color={kind.color} variant="light" onClick={kind.show}>
              {kind.label}
            </Button>
          ))}
          <Button
            variant="default"
            onClick={() => {
              for (const kind of TOAST_KINDS) kind.show();
            }}
          >
            All at once
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          At most four toasts show at a time; failures stay 6 s.
        </Text>
      </DemoSection>
    </GalleryPage>
  );
}
