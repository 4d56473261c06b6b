import { Alert, MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { canonicalMarkup } from '../../test/markup';
import { PlainAlert } from './plain-alert';

describe('the plain alert', () => {
  it.each([
    { color: 'red', title: 'News could not be loaded', message: 'The server did not answer.' },
    { color: 'yellow', title: undefined, message: 'This article does not exist.' },
  ])("draws Mantine Alert's markup: $color, title $title", ({ color, title, message }) => {
    const mantine = renderToString(
      <MantineProvider>
        <Alert color={color} role="alert" title={title}>
          {message}
        </Alert>
      </MantineProvider>,
    );
    const plain = renderToString(
      <MantineProvider>
        <PlainAlert color={color} role="alert" title={title}>
          {message}
        </PlainAlert>
      </MantineProvider>,
    );
    expect(canonicalMarkup(plain)).toBe(canonicalMarkup(mantine));
    expect(canonicalMarkup(plain)).toContain(`>${message}</div>`);
    if (title !== undefined) expect(canonicalMarkup(plain)).toContain(`>${title}</span>`);
  });
});
