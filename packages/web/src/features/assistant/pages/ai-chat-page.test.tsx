import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import { makePrompt } from '../../../../test/fixtures/prompts';
import { renderInRouter, renderRoute } from '../../../../test/render';
import { ArticleQuestions } from '../components/article-questions';
import { QueueStateCard } from '../components/queue-state-card';

const QUERY = 'GET /api/prompts/query';
const CREATE = 'POST /api/prompts/create';

function loggedIn() {
  const user = makeUser({ username: 'ada' });
  storeLoggedIn(user);
  return { 'GET /api/user/get/me': success({ current_user: user }) };
}

afterEach(() => {
  notifications.clean();
  vi.useRealTimers();
});

describe('/pages/ai_chat', () => {
  it('titles the page from the query or with the default, and lists the chat with the §7 query', async () => {
    const api = stubApi({ ...loggedIn(), [QUERY]: success({ prompts: [] }) });
    renderRoute('/pages/ai_chat');
    expect(
      await screen.findByRole('heading', { name: 'Your Portfolio Questions and Answers' }),
    ).toBeTruthy();
    await waitFor(() => expect(api.callsTo(QUERY)).toHaveLength(1));
    const search = api.callsTo(QUERY)[0]?.search;
    expect(search?.get('username')).toBe('ada');
    expect(search?.get('type')).toBe('CHAT');
    expect(search?.get('order_by')).toBe('-creation_date');
    expect(search?.get('limit')).toBe('20');
    expect(search?.getAll('status')).toEqual(['INDEX', 'PROCESSED']);
  });

  it('keeps Send disabled while the message is empty, then sends a CHAT prompt with the persona', async () => {
    const api = stubApi({
      ...loggedIn(),
      [QUERY]: success({ prompts: [] }),
      [CREATE]: success({ id: '00000000-0000-4000-8000-000000000001' }),
    });
    renderRoute('/pages/ai_chat?title=About%20Apple');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'About Apple' })).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), '   ');
    expect((send as HTMLButtonElement).disabled).toBe(true);

    const persona = screen.getAllByLabelText('Persona').find((node) => node.tagName === 'INPUT');
    await user.click(persona as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Warren Buffett' }));
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'How is Apple doing?');
    await user.click(send);
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      prompt: 'How is Apple doing?',
      type: 'CHAT',
      selection: ['PORTFOLIO'],
      system_name: 'Warren Buffett',
      use_markdown: true,
    });
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your question' }).value,
      ).toBe(''),
    );
  });

  it('keeps an unsent question and the persona through a reload, for this user only', async () => {
    stubApi({ ...loggedIn(), [QUERY]: success({ prompts: [] }) });
    const first = renderRoute('/pages/ai_chat');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Why did NVDA');
    const persona = screen.getAllByLabelText('Persona').find((node) => node.tagName === 'INPUT');
    await user.click(persona as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Benjamin Graham' }));
    first.unmount();

    renderRoute('/pages/ai_chat');
    const question = await screen.findByRole<HTMLTextAreaElement>('textbox', {
      name: 'Your question',
    });
    expect(question.value).toBe('Why did NVDA');
    const restored = screen
      .getAllByLabelText('Persona')
      .find((node): node is HTMLInputElement => node.tagName === 'INPUT');
    expect(restored?.value).toBe('Benjamin Graham');
    expect(
      JSON.parse(window.localStorage.getItem('stockpulse.draft.v1.ada.chat') ?? '{}'),
    ).toMatchObject({
      prompt: 'Why did NVDA',
      persona: 'Benjamin Graham',
    });
  });

  it("toasts 'Failed sending prompt' with the server's reason", async () => {
    stubApi({
      ...loggedIn(),
      [QUERY]: success({ prompts: [] }),
      [CREATE]: () => failure(429, 'You have 3 questions waiting for an answer.'),
    });
    renderRoute('/pages/ai_chat');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Risks?{Enter}');
    expect(
      await screen.findByText('Failed sending prompt: You have 3 questions waiting for an answer.'),
    ).toBeTruthy();
  });

  it('shows an unprocessed question as Thinking... and polls it every 5 s until it is answered', async () => {
    const waiting = makePrompt({
      type: 'CHAT',
      status: 'INDEX',
      ai_summary: null,
      ai_queue_size: 2,
      prompt: 'What moved?',
    });
    let answered = false;
    const api = stubApi({
      ...loggedIn(),
      [QUERY]: success({ prompts: [waiting] }),
      [`GET /api/prompts/get/${waiting.id}`]: () => {
        answered = true;
        return {
          body: success({
            prompts: [
              { ...waiting, status: 'PROCESSED', ai_queue_size: 0, ai_summary: 'Apple moved [1].' },
            ],
          }),
        };
      },
    });
    renderRoute('/pages/ai_chat');
    expect(await screen.findByText('Thinking...')).toBeTruthy();
    expect(screen.getByText('Queue position #2')).toBeTruthy();
    await waitFor(() => expect(answered).toBe(true), { timeout: 7000 });
    expect(await screen.findByText(/Apple moved/)).toBeTruthy();
    expect(api.callsTo(`GET /api/prompts/get/${waiting.id}`)).toHaveLength(1);
  }, 10_000);

  it('clears the chat only after the confirmation', async () => {
    const api = stubApi({
      ...loggedIn(),
      [QUERY]: success({ prompts: [makePrompt({ type: 'CHAT', prompt: 'Hi' })] }),
      'GET /api/prompts/rm/ALL': success({ removed: 1 }),
    });
    renderRoute('/pages/ai_chat');
    const user = userEvent.setup();
    await screen.findByText('Hi');
    await user.click(screen.getByRole('button', { name: 'Clear chat' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to proceed?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('GET /api/prompts/rm/ALL')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Clear chat' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear' }),
    );
    await waitFor(() => expect(api.callsTo('GET /api/prompts/rm/ALL')).toHaveLength(1));
    expect(api.callsTo('GET /api/prompts/rm/ALL')[0]?.search.get('type')).toBe('CHAT');
  });
});

describe('the article Q&A panel', () => {
  it('shows visitors the login prompt', () => {
    const api = stubApi({});
    renderInRouter(<ArticleQuestions articleId="a1" />, '/news/view?id=a1');
    expect(screen.getByText('Please login or register to access this functionality.')).toBeTruthy();
    expect(api.callsTo(QUERY)).toHaveLength(0);
  });

  it("asks about the article: lists that article's chat and sends article_id without a selection", async () => {
    const api = stubApi({
      ...loggedIn(),
      [QUERY]: success({ prompts: [] }),
      [CREATE]: success({ id: '00000000-0000-4000-8000-000000000002' }),
    });
    renderInRouter(<ArticleQuestions articleId="a1" />, '/news/view?id=a1');
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: 'Your question about this article' }),
      'What does it mean?',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({
      article_id: 'a1',
      selection: [],
      type: 'CHAT',
    });
    expect(api.callsTo(QUERY)[0]?.search.get('article_id')).toBe('a1');
    expect(api.callsTo(QUERY)[0]?.search.getAll('status')).toEqual([]);
    expect(screen.queryByRole('checkbox', { name: /My portfolio/ })).toBeNull();
  });
});

describe('the services queue card', () => {
  it('shows the waiting and running prompts from /prompts/state', async () => {
    stubApi({
      'GET /api/prompts/state': success({
        priority: [
          {
            date: 1_795_615_500,
            id: 'p1',
            username: 'bob',
            type: 'CHAT',
            file: 'Risks?',
            priority: 2,
            attempts: 0,
          },
        ],
        process: [],
      }),
    });
    renderInRouter(<QueueStateCard />);
    const waiting = await screen.findByRole('table', { name: 'Waiting (priority order)' });
    expect(within(waiting).getByText('bob')).toBeTruthy();
    expect(within(waiting).getByText('Basic')).toBeTruthy();
    expect(screen.getByText('Empty.')).toBeTruthy();
  });
});
