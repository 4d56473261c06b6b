// vitest: fresh modules — it tests the tooltip's first chunk load.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { LazyTooltip } from './lazy-tooltip';

describe('LazyTooltip', () => {
  it('draws its target alone until the tooltip chunk is in, then shows the label on hover', async () => {
    renderWithProviders(
      <LazyTooltip label="Full name">
        <button type="button">Short</button>
      </LazyTooltip>,
    );
    const alone = screen.getByRole('button', { name: 'Short' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    // With the chunk in, the target is mounted anew under the tooltip.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Short' })).not.toBe(alone), {
      timeout: 4000,
    });
    await userEvent.setup().hover(screen.getByRole('button', { name: 'Short' }));
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'Full name');
  });
});
