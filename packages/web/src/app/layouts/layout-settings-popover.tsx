import {
  ActionIcon,
  ColorSwatch,
  Group,
  Popover,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import type { MantineColorScheme } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCheck } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useColorSchemeSetting } from '../../lib/use-color-scheme';
import { SIDEBAR_COLOR_LABELS, SIDEBAR_COLORS, SIDEBAR_SWATCHES } from './layout-preferences';
import type { LayoutPreferencesControls } from './layout-preferences';
import classes from './layout-settings.module.css';

const COLOR_SCHEMES: { label: string; value: MantineColorScheme }[] = [
  { label: 'System', value: 'auto' },
  { label: 'Light', value: 'light' },
  { label: 'Dark', value: 'dark' },
];

function isColorScheme(value: string): value is MantineColorScheme {
  return value === 'auto' || value === 'light' || value === 'dark';
}

/** The settings' popover, open when mounted (by the first click on its button). */
export function LayoutSettingsPopover({ preferences }: { preferences: LayoutPreferencesControls }) {
  const colorLabelId = useId();
  const themeLabelId = useId();
  const { colorScheme, setColorScheme } = useColorSchemeSetting();
  const [opened, setOpened] = useState(true);
  const target = useRef<HTMLButtonElement>(null);

  return (
    <Popover
      position="bottom-end"
      width={280}
      shadow="lg"
      radius="md"
      withArrow
      trapFocus
      opened={opened}
      onChange={setOpened}
      onClose={() => {
        // Opened at mount, the popover took the removed first button as the element to give
        // focus back to: a keyboard visitor closing it (Escape) would be left on the page's body.
        const focused = document.activeElement;
        if (!focused || focused === document.body || focused.closest('[role="dialog"]')) {
          target.current?.focus();
        }
      }}
    >
      <Popover.Target>
        <Tooltip label="Layout settings" disabled={opened}>
          <ActionIcon
            ref={target}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Layout settings"
            aria-expanded={opened}
            onClick={() => setOpened((current) => !current)}
          >
            <IconAdjustmentsHorizontal size={20} stroke={1.7} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-label="Layout settings">
        <Stack gap="md">
          <Text fw={700} size="sm">
            Layout
          </Text>
          {/* Phones always use the drawer, so these two only matter from the sm breakpoint. */}
          <Stack gap="md" visibleFrom="sm">
            <Switch
              label="Show sidebar"
              checked={preferences.sidebarOpen}
              onChange={(event) => preferences.setSidebarOpen(event.currentTarget.checked)}
            />
            <Switch
              label="Icons only (compact sidebar)"
              checked={preferences.sidebarMinimized}
              onChange={(event) => preferences.setSidebarMinimized(event.currentTarget.checked)}
            />
          </Stack>
          <div>
            <Text id={colorLabelId} size="sm" fw={500} mb={8}>
              Sidebar colour
            </Text>
            <Group gap={8} role="group" aria-labelledby={colorLabelId}>
              {SIDEBAR_COLORS.map((color) => {
                const selected = preferences.sidebarColor === color;
                return (
                  <Tooltip key={color} label={SIDEBAR_COLOR_LABELS[color]}>
                    <ColorSwatch
                      component="button"
                      type="button"
                      color={SIDEBAR_SWATCHES[color]}
                      size={28}
                      className={classes.swatch}
                      aria-label={SIDEBAR_COLOR_LABELS[color]}
                      aria-pressed={selected}
                      onClick={() => preferences.setSidebarColor(color)}
                    >
                      {selected && <IconCheck size={16} color="#fff" aria-hidden="true" />}
                    </ColorSwatch>
                  </Tooltip>
                );
              })}
            </Group>
          </div>
          <div>
            <Text id={themeLabelId} size="sm" fw={500} mb={8}>
              Theme
            </Text>
            <SegmentedControl
              fullWidth
              size="xs"
              aria-labelledby={themeLabelId}
              value={colorScheme}
              data={COLOR_SCHEMES}
              onChange={(value) => {
                if (isColorScheme(value)) setColorScheme(value);
              }}
            />
          </div>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
