import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import { makePrompt } from '../../../../test/fixtures/prompts';
import { renderRoute } from '../../../../test/render';

const QUERY = 'GET /api/prompts/query';

function loggedIn(overrides: Parameters<typeof makeUser>[0] = {}) {
  const user = makeUser({ username: 'ada', ...overrides });
  storeLoggedIn(user);
  return { 'GET /api/user/get/me': success({ current_user: user }) };
}

describe('/pages/prompt', () => {
  it('asks for the login to visitors (spec §6)', async () => {
    const api = stubApi({});
    renderRoute('/pages/prompt');
    expect(
      await screen.findByText('Please login or register to access this functionality.'),
    ).toBeTruthy();
    expect(api.callsTo(QUERY)).toHaveLength(0);
  });

  it('lists the prompts with the exact §7 query, their statuses, Thinking... and the queue position', async () => {
    const waiting = makePrompt({
      status: 'INDEX',
      ai_summary: null,
      ai_queue_size: 3,
      prompt: 'Risks?',
    });
    const answered = makePrompt({ prompt: 'Summary please' });
    const api = stubApi({ ...loggedIn(), [QUERY]: success({ prompts: [waiting, answered] }) });
    renderRoute('/pages/prompt');

    expect(await screen.findByText('Thinking...')).toBeTruthy();
    expect(screen.getByText('Queue position #3')).toBeTruthy();
    expect(screen.getByTitle('Status INDEX')).toBeTruthy();
    const call = api.callsTo(QUERY)[0];
    expect(call?.search.getAll('status')).toEqual(['INDEX', 'PROCESSED']);
    expect(call?.search.get('type__in')).toBe('PORTFOLIO,email_prompt');
    expect(call?.search.get('order_by')).toBe('-creation_date');
    expect(call?.search.get('limit')).toBe('20');
    expect(call?.search.get('username')).toBe('ada');
    // The answered one: its cited answer with the source linked.
    const card = screen.getByRole('article', { name: 'Prompt: Summary please' });
    expect(within(card).getByRole('link', { name: '[1]' }).getAttribute('href')).toBe(
      '/ticker/NASDAQ:AAPL',
    );
    // It polls every second while one waits.
    await waitFor(() => expect(api.callsTo(QUERY).length).toBeGreaterThan(1), { timeout: 2500 });
  });

  it('links each prompt to its debug view (/prompts/query?id=) for debug users only', async () => {
    const prompt = makePrompt({ id: 'prompt-7', prompt: 'Summary please' });
    stubApi({ ...loggedIn({ my_debug_interface: true }), [QUERY]: success({ prompts: [prompt] }) });
    const debugView = renderRoute('/pages/prompt');
    const card = await screen.findByRole('article', { name: 'Prompt: Summary please' });
    const link = within(card).getByRole('link', { name: /Debug: this prompt in the API/ });
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/api/prompts/query');
    expect(href.searchParams.get('id')).toBe('prompt-7');
    expect(href.searchParams.get('key')).toBe(window.localStorage.getItem('userToken'));
    debugView.unmount();

    stubApi({ ...loggedIn(), [QUERY]: success({ prompts: [prompt] }) });
    renderRoute('/pages/prompt');
    const plain = await screen.findByRole('article', { name: 'Prompt: Summary please' });
    expect(within(plain).queryByRole('link', { name: /Debug/ })).toBeNull();
  });

  it('sends a PORTFOLIO prompt for the portfolio, or an e-mail summary, and shows a refusal', async () => {
    const api = stubApi({
      ...loggedIn(),
      [QUERY]: success({ prompts: [] }),
      'POST /api/prompts/create': (call) =>
        (call.body as { type: string }).type === 'email_prompt'
          ? failure(429, 'The free plan answers 20 prompts a day.')
          : { body: success({ id: '00000000-0000-4000-8000-00000000abcd' }) },
    });
    renderRoute('/pages/prompt');
    const user = userEvent.setup();
    const ask = await screen.findByRole('button', { name: 'Ask' });
    expect((ask as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Your prompt' }), 'Summarise my week');
    await user.click(ask);
    await waitFor(() => expect(api.callsTo('POST /api/prompts/create')).toHaveLength(1));
    expect(api.callsTo('POST /api/prompts/create')[0]?.body).toEqual({
      prompt: 'Summarise my week',
      type: 'PORTFOLIO',
      selection: ['PORTFOLIO'],
      system_name: 'AI Analyst',
      use_markdown: true,
    });

    await user.type(screen.getByRole('textbox', { name: 'Your prompt' }), 'Weekly digest');
    await user.click(screen.getByRole('button', { name: 'Save as e-mail summary' }));
    await waitFor(() => expect(api.callsTo('POST /api/prompts/create')).toHaveLength(2));
    expect(api.callsTo('POST /api/prompts/create')[1]?.body).toMatchObject({
      type: 'email_prompt',
      subtype: 'EMAIL_SUMMARY',
      selection: ['EMAIL'],
    });
    expect(await screen.findByText('The free plan answers 20 prompts a day.')).toBeTruthy();
    notifications.clean();
  });

  it('keeps the draft with its own system text through a reload, sends it, then starts afresh', async () => {
    const api = stubApi({
      ...loggedIn(),
      [QUERY]: success({ prompts: [] }),
      'POST /api/prompts/create': success({ id: '00000000-0000-4000-8000-00000000abce' }),
    });
    const first = renderRoute('/pages/prompt');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Your prompt' }), 'Dividends?');
    const persona = screen.getAllByLabelText('Persona').find((node) => node.tagName === 'INPUT');
    await user.click(persona as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'My own system text' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Your system text' }),
      'Answer as a cautious income investor.',
    );
    await user.click(screen.getByRole('switch', { name: /Markdown/ }));
    first.unmount();

    // A reload: the same user finds the prompt, the persona, the system text and the flag.
    renderRoute('/pages/prompt');
    const prompt = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your prompt' });
    expect(prompt.value).toBe('Dividends?');
    expect(
      screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your system text' }).value,
    ).toBe('Answer as a cautious income investor.');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /Markdown/ }).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(api.callsTo('POST /api/prompts/create')).toHaveLength(1));
    expect(api.callsTo('POST /api/prompts/create')[0]?.body).toEqual({
      prompt: 'Dividends?',
      type: 'PORTFOLIO',
      selection: ['PORTFOLIO'],
      system_name: 'Custom',
      system: 'Answer as a cautious income investor.',
      use_markdown: false,
    });
    await waitFor(() => expect(prompt.value).toBe(''));
    expect(window.localStorage.getItem('stockpulse.draft.v1.ada.editor')).toBeNull();
  });

  it('drops a stored draft that breaks the bounds instead of sending it', async () => {
    window.localStorage.setItem(
      'stockpulse.draft.v1.ada.editor',
      JSON.stringify({ prompt: 'x'.repeat(5_000), selection: { portfolio: true, tickers: [] } }),
    );
    stubApi({ ...loggedIn(), [QUERY]: success({ prompts: [] }) });
    renderRoute('/pages/prompt');
    const prompt = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your prompt' });
    expect(prompt.value).toBe('');
  });

  it('removes all after the confirmation and blurs what was removed', async () => {
    let prompts = [makePrompt({ prompt: 'One' }), makePrompt({ prompt: 'Two' })];
    const api = stubApi({
      ...loggedIn(),
      [QUERY]: () => ({ body: success({ prompts }) }),
      'GET /api/prompts/rm/ALL': () => {
        prompts = [];
        return { body: success({ removed: 2 }) };
      },
    });
    renderRoute('/pages/prompt');
    const user = userEvent.setup();
    await screen.findByText('One');
    await user.click(screen.getByRole('button', { name: 'Remove all' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to proceed?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove all' }));

    await waitFor(() => expect(api.callsTo('GET /api/prompts/rm/ALL')).toHaveLength(1));
    expect(api.callsTo('GET /api/prompts/rm/ALL')[0]?.search.get('type__in')).toBe(
      'email_prompt,PORTFOLIO',
    );
    const removed = await screen.findAllByRole('article', { name: /^Removed prompt/ });
    expect(removed).toHaveLength(2);
    expect(within(removed[0] as HTMLElement).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(removed[0] as HTMLElement).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
