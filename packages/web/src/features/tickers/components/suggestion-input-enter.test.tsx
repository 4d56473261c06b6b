// vitest: fresh modules — Enter pressed before the suggestions list's first chunk load ends.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/api-stub';
import { makeCompany, suggestionBody } from '../../../../test/fixtures/companies';
import { renderWithProviders } from '../../../../test/render';
import { SuggestionInput } from './suggestion-input';

describe('a ticker picker whose Enter comes before its suggestions list is loaded', () => {
  it('picks the ticker the text resolves to, once the list is in', async () => {
    const api = stubApi({
      'GET /api/ticker/suggestions': (call) => ({
        body: suggestionBody(call.search.get('query') ?? '', [
          makeCompany('NASDAQ:AAPL', { company_name: 'Apple Inc.' }),
        ]),
      }),
    });
    const onPick = vi.fn();
    renderWithProviders(<SuggestionInput source="ticker" label="Ticker" onPick={onPick} />);
    const plain = screen.getByRole('combobox', { name: 'Ticker' });
    plain.focus();
    // Typed and submitted in one go: the plain field is still the one on the page.
    fireEvent.change(plain, { target: { value: 'aapl' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Ticker' }));
    expect(screen.getByRole('combobox', { name: 'Ticker' })).toBe(plain);

    await waitFor(() => expect(onPick).toHaveBeenCalledWith('NASDAQ:AAPL'));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(api.callsTo('GET /api/ticker/suggestions').length).toBeGreaterThan(0);
    expect(screen.getByRole('combobox', { name: 'Ticker' })).toHaveProperty('value', 'NASDAQ:AAPL');
  });
});
