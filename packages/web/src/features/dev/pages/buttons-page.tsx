import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconBell,
  IconDownload,
  IconPlus,
  IconRefresh,
  IconSparkles,
  IconTrash,
} from '@tabler/icons-react';
import { showInfoToast } from '../../../lib/toast';
import { DemoSection, GalleryPage } from '../components/gallery-page';

const VARIANTS = ['filled', 'light', 'outline', 'subtle', 'default'] as const;
const SIZES = ['xs', 'sm', 'md', 'lg'] as const;

function confirmDemo() {
  modals.openConfirmModal({
    title: 'Delete the demo item',
    children: <Text size="sm">The product asks like this before anything is deleted.</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => showInfoToast('Deleted (nothing really was).', 'Confirmed'),
  });
}

export function ButtonsPage() {
  return (
    <GalleryPage
      group="Components"
      title="Buttons"
      intro="The Mantine buttons as the product themes them: variants, sizes, icons, states and the confirmation modal that guards every delete."
    >
      <DemoSection id="buttons-variants" title="Variants">
        <Group gap="sm">
          {VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {variant}
            </Button>
          ))}
          <Button color="red">Danger</Button>
          <Button color="teal">Success</Button>
        </Group>
      </DemoSection>
      <DemoSection id="buttons-sizes" title="Sizes">
        <Group gap="sm" align="center">
          {SIZES.map((size) => (
            <Button key={size} size={size}>
              Size {size}
            </Button>
          ))}
        </Group>
      </DemoSection>
      <DemoSection id="buttons-icons" title="With icons and states">
        <Group gap="sm">
          <Button leftSection={<IconPlus size={18} />}>Track a purchase</Button>
          <Button variant="light" leftSection={<IconDownload size={18} />}>
            Export CSV
          </Button>
          <Button variant="default" rightSection={<IconSparkles size={18} />}>
            Ask the AI
          </Button>
          <Button loading>Saving</Button>
          <Button disabled>Disabled</Button>
        </Group>
        <Group gap="sm">
          <Tooltip label="Refresh">
            <ActionIcon variant="light" size="lg" aria-label="Refresh">
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Alerts">
            <ActionIcon variant="default" size="lg" aria-label="Alerts">
              <IconBell size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" size="lg" aria-label="Delete">
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </DemoSection>
      <DemoSection id="buttons-confirm" title="Confirmation modal">
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={18} />}
            onClick={confirmDemo}
          >
            Delete…
          </Button>
        </Group>
      </DemoSection>
    </GalleryPage>
  );
}
