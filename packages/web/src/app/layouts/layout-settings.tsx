import { ActionIcon } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { LayoutPreferencesControls } from './layout-preferences';
import { DeferredTooltip } from '../../components/deferred-tooltip';

/** The popover and its controls (Floating UI, switches, swatches): a chunk of their own. */
const LayoutSettingsPopover = lazy(() =>
  import('./layout-settings-popover').then((m) => ({ default: m.LayoutSettingsPopover })),
);

/**
 * Top-bar control for the sidebar preferences (and the colour scheme). The popover is
 * loaded and mounted from the first click on its button: it is not part of the page's first load,
 * and a mounted Mantine popover, even closed, runs Floating UI and a portal whose layout effects
 * re-render the top bar right after the page's first commit (hydration), in the same long task
 * on a phone. Until then (and while its chunk loads) the button is rendered alone with the
 * attributes the popover gives its target.
 */
export function LayoutSettings({ preferences }: { preferences: LayoutPreferencesControls }) {
  const [used, setUsed] = useState(false);
  const button = (
    <DeferredTooltip label="Layout settings">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label="Layout settings"
        aria-haspopup="dialog"
        aria-expanded={false}
        onClick={() => setUsed(true)}
      >
        <IconAdjustmentsHorizontal size={20} stroke={1.7} aria-hidden="true" />
      </ActionIcon>
    </DeferredTooltip>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <LayoutSettingsPopover preferences={preferences} />
    </Suspense>
  );
}
