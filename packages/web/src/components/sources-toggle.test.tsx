import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SourcesToggle } from './sources-toggle';

function CitedText() {
  const [opened, setOpened] = useState(false);
  return (
    <div>
      <a href="#source-1" onClick={() => setOpened(true)}>
        [1]
      </a>
      <SourcesToggle listId="sources" count={2} opened={opened} onToggle={() => setOpened(!opened)}>
        <ol id="sources">
          <li id="source-1">The first source</li>
          <li>The second source</li>
        </ol>
      </SourcesToggle>
    </div>
  );
}

describe('the sources toggle', () => {
  it('draws no list while closed, then opens and closes it', () => {
    renderWithProviders(<CitedText />);
    const button = screen.getByRole('button', { name: 'Sources (2)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe('sources');
    expect(screen.queryByText('The first source')).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('The second source')).toBeTruthy();

    fireEvent.click(button);
    expect(screen.queryByText('The first source')).toBeNull();
  });

  it('opens when a citation marker opens it', () => {
    renderWithProviders(<CitedText />);
    fireEvent.click(screen.getByRole('link', { name: '[1]' }));
    expect(screen.getByText('The first source').id).toBe('source-1');
    expect(screen.getByRole('button', { name: 'Sources (2)' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });
});
