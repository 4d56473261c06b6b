import { modals } from '@mantine/modals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';

describe('LazyModals (the app providers)', () => {
  it('renders no modal until one is asked for', () => {
    renderWithProviders(<p>Page</p>);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.mantine-Modal-root')).toBeNull();
  });

  it('opens the first confirm modal asked for, then later ones, once each', async () => {
    const user = userEvent.setup();
    const first = vi.fn();
    const second = vi.fn();
    renderWithProviders(
      <button
        type="button"
        onClick={() =>
          modals.openConfirmModal({
            title: 'Delete it?',
            onConfirm: first.mock.calls.length === 0 ? first : second,
          })
        }
      >
        Ask
      </button>,
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete it?')).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(first).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
  });
});
