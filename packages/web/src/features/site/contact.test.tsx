import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, UNREACHABLE } from '../../../test/api-stub';
import { renderRoute } from '../../../test/render';
import { contactPrefillHash, readContactPrefill } from './contact-prefill';

const SUBMIT = 'POST /api/contact/submit';

describe('contact prefill from the hash (spec §2)', () => {
  it('reads subject and message, decoding + and %XX', () => {
    expect(readContactPrefill('#subject=Enterprise+plan&message=Hello%0Athere')).toEqual({
      subject: 'Enterprise plan',
      message: 'Hello\nthere',
    });
    expect(readContactPrefill('')).toEqual({ subject: '', message: '' });
    expect(readContactPrefill(contactPrefillHash({ subject: 'A & B', message: 'x=1' }))).toEqual({
      subject: 'A & B',
      message: 'x=1',
    });
  });
});

// Rendering a route loads its lazy page chunk: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('/contact', () => {
  const fill = async (name: string, value: string) => {
    const field = screen.getByLabelText(new RegExp(`^${name}`));
    await userEvent.clear(field);
    if (value) await userEvent.type(field, value);
  };

  it('prefills subject and message from the hash and sends the form', async () => {
    const api = stubApi({
      [SUBMIT]: { status: 'success', message: 'Your message has been sent successfully!' },
    });
    renderRoute('/contact#subject=Enterprise&message=We%20need%20a%20quote');
    expect(
      (await screen.findByLabelText<HTMLInputElement>(/^Subject/, {}, { timeout: 10_000 })).value,
    ).toBe('Enterprise');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Message/).value).toBe('We need a quote');
    await fill('Name', 'Ada Lovelace');
    await fill('Email', 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Your message has been sent successfully!')).toBeTruthy();
    expect(api.callsTo(SUBMIT)[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Enterprise',
      message: 'We need a quote',
    });
    expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('');
  });

  it('requires name, subject and message and a valid e-mail (spec §5), sending nothing', async () => {
    const api = stubApi({});
    renderRoute('/contact');
    await screen.findByLabelText(/^Name/, {}, { timeout: 10_000 });
    await fill('Email', 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('The Name is required.')).toBeTruthy();
    expect(screen.getByText('The Email must be a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('The Subject is required.')).toBeTruthy();
    expect(screen.getByText('The Message is required.')).toBeTruthy();
    expect(api.callsTo(SUBMIT)).toHaveLength(0);
  });

  it("says 'There was a problem accessing the server, please try again later.' when unreachable", async () => {
    stubApi({ [SUBMIT]: () => UNREACHABLE });
    renderRoute('/contact#subject=Hi&message=Hello');
    await screen.findByLabelText(/^Name/, {}, { timeout: 10_000 });
    await fill('Name', 'Ada');
    await fill('Email', 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText('There was a problem accessing the server, please try again later.'),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Ada');
  });

  it("shows the server's error_msg when it refuses", async () => {
    stubApi({
      [SUBMIT]: () => ({ status: 429, body: { status: 'error', error_msg: 'Too many attempts.' } }),
    });
    renderRoute('/contact#subject=Hi&message=Hello');
    await screen.findByLabelText(/^Name/, {}, { timeout: 10_000 });
    await fill('Name', 'Ada');
    await fill('Email', 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Too many attempts.')).toBeTruthy();
  });
});
