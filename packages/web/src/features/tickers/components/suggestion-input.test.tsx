// vitest: fresh modules — it tests the suggestions list's first chunk load.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, success } from '../../../../test/api-stub';
import { renderWithProviders } from '../../../../test/render';
import { SuggestionInput } from './suggestion-input';

function field() {
  return screen.getByRole('combobox', { name: 'Search companies' });
}

function renderField(onSubmitText = vi.fn()) {
  renderWithProviders(
    <SuggestionInput
      label="Search companies"
      hideLabel
      onPick={vi.fn()}
      onSubmitText={onSubmitText}
    />,
  );
  return field();
}

describe('the suggestion field before its suggestions list is loaded', () => {
  it('is a closed combobox search field, then hands its text and focus to the list it loads', async () => {
    const api = stubApi({
      'GET /api/company/suggestions': (call) => ({
        body: success({ query: call.search.get('query') ?? '', suggestions: [], extra: [] }),
      }),
    });
    const plain = renderField();
    expect(plain.getAttribute('aria-expanded')).toBe('false');
    expect(plain.getAttribute('aria-haspopup')).toBe('listbox');
    expect(screen.getByRole('search', { name: 'Search companies' })).toBeTruthy();

    plain.focus();
    fireEvent.change(plain, { target: { value: 'aapl' } });
    await waitFor(() => expect(field()).not.toBe(plain));
    expect(field()).toHaveProperty('value', 'aapl');
    expect(document.activeElement).toBe(field());
    // The handed-over text is an edit: the list asks for its suggestions.
    await waitFor(() => expect(api.callsTo('GET /api/company/suggestions').length).toBe(1));
    expect(api.callsTo('GET /api/company/suggestions')[0]?.search.get('query')).toBe('aapl');
  });
});
