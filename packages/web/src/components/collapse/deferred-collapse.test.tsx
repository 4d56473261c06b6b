import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { useDeferredCollapse } from './deferred-collapse';

function Sources() {
  const [opened, setOpened] = useState(false);
  const panel = useDeferredCollapse(opened);
  return (
    <div>
      <button
        type="button"
        aria-expanded={opened}
        onPointerEnter={panel.engage}
        onClick={() => setOpened(!opened)}
      >
        Sources
      </button>
      {panel.panel(<p>The first source</p>)}
    </div>
  );
}

/** Whether the source is drawn and not hidden (a closed Collapse keeps it, hidden). */
function sourceShown(): boolean {
  const source = screen.queryByText('The first source');
  return source !== null && source.closest('[style*="display: none"], [hidden]') === null;
}

describe('a deferred collapse', () => {
  it('draws nothing while closed and never engaged, then opens and closes as a panel', async () => {
    const { container } = renderWithProviders(<Sources />);
    const button = screen.getByRole('button', { name: 'Sources' });
    expect(container.querySelector('p')).toBeNull();

    fireEvent.pointerEnter(button);
    // Engaged but closed: its content is not shown.
    expect(sourceShown()).toBe(false);

    fireEvent.click(button);
    await waitFor(() => expect(sourceShown()).toBe(true));
    fireEvent.click(button);
    await waitFor(() => expect(sourceShown()).toBe(false));
  });

  it('opens at once when opened without being pointed at first (a citation link)', async () => {
    function OpenedByCitation() {
      const [opened, setOpened] = useState(false);
      const panel = useDeferredCollapse(opened);
      return (
        <div>
          <a href="#source-1" onClick={() => setOpened(true)}>
            [1]
          </a>
          {panel.panel(<p id="source-1">The first source</p>)}
        </div>
      );
    }
    renderWithProviders(<OpenedByCitation />);
    expect(sourceShown()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: '[1]' }));
    await waitFor(() => expect(sourceShown()).toBe(true));
  });
});
