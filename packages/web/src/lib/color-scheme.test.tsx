import { Button, useMantineContext } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { colorSchemeManager } from './color-scheme';
import { useColorSchemeSetting, useComputedScheme } from './use-color-scheme';

const rendered = vi.fn();

/** Stands for any Mantine component: they all read Mantine's context. */
function MantineConsumer() {
  useMantineContext();
  rendered();
  return <Button>A Mantine button</Button>;
}

function SchemeReader() {
  return <p data-testid="computed">{useComputedScheme()}</p>;
}

function SchemeControl() {
  const { colorScheme, setColorScheme } = useColorSchemeSetting();
  return (
    <>
      <p data-testid="chosen">{colorScheme}</p>
      <button type="button" onClick={() => setColorScheme('dark')}>
        Dark
      </button>
      <button type="button" onClick={() => setColorScheme('light')}>
        Light
      </button>
    </>
  );
}

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  rendered.mockClear();
});

describe('the colour scheme (lib/color-scheme)', () => {
  it('switches the page, its readers and the stored choice without re-rendering Mantine components', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <MantineConsumer />
        <SchemeReader />
        <SchemeControl />
      </>,
    );
    const before = rendered.mock.calls.length;
    expect(before).toBeGreaterThan(0);
    expect(screen.getByTestId('chosen').textContent).toBe('auto');

    await user.click(screen.getByRole('button', { name: 'Dark' }));

    await waitFor(() => {
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    });
    expect(screen.getByTestId('chosen').textContent).toBe('dark');
    expect(screen.getByTestId('computed').textContent).toBe('dark');
    expect(window.localStorage.getItem('mantine-color-scheme-value')).toBe('dark');
    expect(rendered).toHaveBeenCalledTimes(before);

    await user.click(screen.getByRole('button', { name: 'Light' }));
    await waitFor(() => {
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    });
    expect(screen.getByTestId('computed').textContent).toBe('light');
    expect(rendered).toHaveBeenCalledTimes(before);
  });

  it('changes the page’s colours in the next frame, not in the click’s task', () => {
    renderWithProviders(<SchemeControl />);
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
    let styleInClick: string | null = null;
    const frames: FrameRequestCallback[] = [];
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      act(() => {
        screen.getByRole('button', { name: 'Dark' }).click();
        styleInClick = document.documentElement.getAttribute('data-mantine-color-scheme');
      });
      expect(styleInClick).toBe('light');
      expect(screen.getByTestId('chosen').textContent).toBe('dark');
      for (const callback of frames.splice(0)) callback(performance.now());
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    } finally {
      frame.mockRestore();
    }
  });

  it('starts from the stored choice', () => {
    window.localStorage.setItem('mantine-color-scheme-value', 'dark');
    renderWithProviders(
      <>
        <SchemeReader />
        <SchemeControl />
      </>,
    );
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(screen.getByTestId('chosen').textContent).toBe('dark');
    expect(screen.getByTestId('computed').textContent).toBe('dark');
  });

  it('follows a choice made in another tab (the storage event)', () => {
    renderWithProviders(<SchemeReader />);
    act(() => {
      window.localStorage.setItem('mantine-color-scheme-value', 'dark');
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'mantine-color-scheme-value',
          newValue: 'dark',
          storageArea: window.localStorage,
        }),
      );
    });
    expect(screen.getByTestId('computed').textContent).toBe('dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
  });

  it("gives Mantine's provider its default where the server draws a first screen (no window)", () => {
    window.localStorage.setItem('mantine-color-scheme-value', 'dark');
    vi.stubGlobal('window', undefined);
    try {
      expect(colorSchemeManager.get('auto')).toBe('auto');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(colorSchemeManager.get('auto')).toBe('dark');
  });
});
