import { WIDGET_IDS } from '@app/shared/api/portfolio';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { checkWidgets, defaultWidgets, effectiveWidgets } from './widget-rules.ts';

describe('dashboard widget rules', () => {
  it('shows every widget in WIDGET_IDS order to a user who never chose', () => {
    expect(defaultWidgets()).toEqual(WIDGET_IDS.map((id) => ({ id, visible: true })));
    expect(effectiveWidgets(undefined)).toEqual(defaultWidgets());
  });

  it('refuses a widget listed twice with a 400 naming it', () => {
    const twice = () =>
      checkWidgets([
        { id: 'movers', visible: true },
        { id: 'movers', visible: false },
      ]);
    expect(twice).toThrow(AppError);
    expect(twice).toThrow("The widget 'movers' is listed twice.");
  });

  it('keeps the stored order, adds widgets new to the product at the end, drops unknown ones', () => {
    expect(
      effectiveWidgets([
        { id: 'recommendations', visible: false },
        { id: 'retired_widget', visible: true },
        { id: 'movers', visible: true },
      ]),
    ).toEqual([
      { id: 'recommendations', visible: false },
      { id: 'movers', visible: true },
      { id: 'holdings_news', visible: true },
      { id: 'ai_summary', visible: true },
      { id: 'upcoming_events', visible: true },
    ]);
  });
});
