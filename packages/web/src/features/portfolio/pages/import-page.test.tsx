import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { renderInRouter } from '../../../../test/render';
import { ImportPage } from './import-page';

const PREVIEW = 'POST /api/portfolio/import/preview';
const IMPORT = 'POST /api/portfolio/import';

const row = (line: number, symbol: string, errors: string[] = []) => ({
  line,
  transaction: errors.length
    ? null
    : {
        type: 'buy',
        symbol,
        date: '2026-03-02',
        quantity: 10,
        price: 150,
        fees: 1,
        currency: 'USD',
        note: '',
      },
  errors,
});

function importServer() {
  storeLoggedIn(makeUser());
  return stubApi({
    [PREVIEW]: (call: ApiCall) => {
      const { csv } = call.body as { csv: string };
      const bad = csv.includes('NOPE');
      return {
        body: success({
          headers: csv.split('\n')[0]?.split(',') ?? [],
          rows: [
            row(2, 'NASDAQ:AAPL'),
            bad ? row(3, 'NOPE', ['Unknown symbol NOPE.']) : row(3, 'NYSE:IBM'),
          ],
          valid: !bad,
        }),
      };
    },
    [IMPORT]: success({ imported: 2 }),
  });
}

/** Pastes `text` into the CSV field (typing would read the braces as keys). */
async function paste(text: string) {
  const user = userEvent.setup();
  const field = await screen.findByRole('textbox', { name: 'Or paste it here' });
  await user.click(field);
  await user.paste(text);
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/dashboard/import', () => {
  it('previews row errors and keeps Import disabled while the file is invalid', async () => {
    const api = importServer();
    renderInRouter(<ImportPage />, '/dashboard/import');
    const user = await paste(
      'date,type,symbol,quantity,price,fees,currency,note\n2026-03-02,buy,NASDAQ:AAPL,10,150,1,USD,\n2026-03-02,buy,NOPE,1,1,0,USD,',
    );
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect((importButton as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const table = await screen.findByRole('table', { name: 'Import preview' });
    const bad = within(table).getByText('Unknown symbol NOPE.').closest('tr');
    expect(bad?.getAttribute('data-invalid')).toBe('true');
    expect(within(table).getByText('NASDAQ:AAPL')).toBeTruthy();
    expect(screen.getByText(/1 row has errors/)).toBeTruthy();
    expect((importButton as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo(PREVIEW)[0]?.body).toMatchObject({ portfolio: 'default' });
    expect(api.callsTo(PREVIEW)[0]?.body).not.toHaveProperty('mapping');
    expect(api.callsTo(IMPORT)).toHaveLength(0);
  });

  it("maps a broker's columns, previews, and imports the whole file", async () => {
    const api = importServer();
    renderInRouter(<ImportPage />, '/dashboard/import');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Broker export' }));
    await paste(
      'Trade Date,Ticker,Action,Shares,Price,Commission\n2026-03-02,NASDAQ:AAPL,BUY,10,150,1\n2026-03-02,NYSE:IBM,BUY,10,150,1',
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Ready to import')).toBeTruthy();
    expect(api.callsTo(PREVIEW)[0]?.body).toMatchObject({
      mapping: {
        date: 'Trade Date',
        symbol: 'Ticker',
        side: 'Action',
        quantity: 'Shares',
        price: 'Price',
        fees: 'Commission',
      },
    });
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect((importButton as HTMLButtonElement).disabled).toBe(false);
    await user.click(importButton);
    await waitFor(() => expect(api.callsTo(IMPORT)).toHaveLength(1));
    expect(api.callsTo(IMPORT)[0]?.body).toEqual(api.callsTo(PREVIEW)[0]?.body);
    expect(await screen.findByText('2 transactions imported.')).toBeTruthy();
  });

  it('downloads the export with the Authorization header through a Blob URL', async () => {
    storeLoggedIn(makeUser(), 'secret-token');
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response('date,type,symbol\n2026-03-02,buy,NASDAQ:AAPL\n', {
          headers: { 'Content-Type': 'text/csv' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderInRouter(<ImportPage />, '/dashboard/import');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/portfolio/export?portfolio=default');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer secret-token');
    expect(createObjectURL).toHaveBeenCalled();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:export');
  });
});
