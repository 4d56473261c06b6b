import { CloseButton, Group, Pill, Stack, Switch, Text } from '@mantine/core';
import { PORTFOLIO_SELECTION, SELECTION_MAX } from '@app/shared/api/prompts';
import { SuggestionInput } from '../../tickers';

/** What an answer is about: the user's portfolio, or the tickers they chose. */
export interface Selection {
  portfolio: boolean;
  tickers: readonly string[];
}

export const PORTFOLIO_ONLY: Selection = { portfolio: true, tickers: [] };

/** The `selection` list POST /prompts/create takes. */
export function selectionList(selection: Selection): string[] {
  return selection.portfolio ? [PORTFOLIO_SELECTION] : [...selection.tickers];
}

/** A stored prompt's selection back as the picker's state. */
export function selectionOf(list: readonly string[]): Selection {
  const tickers = list.filter((entry) => entry !== PORTFOLIO_SELECTION && entry !== 'EMAIL');
  return { portfolio: list.includes(PORTFOLIO_SELECTION) || tickers.length === 0, tickers };
}

/** Spec §4: choosing the portfolio clears the tickers; choosing a ticker turns the portfolio off. */
export function togglePortfolio(selection: Selection, on: boolean): Selection {
  return on ? PORTFOLIO_ONLY : { portfolio: false, tickers: selection.tickers };
}

export function addTicker(selection: Selection, symbol: string): Selection {
  const tickers = selection.tickers.includes(symbol)
    ? selection.tickers
    : [...selection.tickers, symbol].slice(0, SELECTION_MAX);
  return { portfolio: false, tickers };
}

export function removeTicker(selection: Selection, symbol: string): Selection {
  const tickers = selection.tickers.filter((ticker) => ticker !== symbol);
  return { portfolio: tickers.length === 0 ? selection.portfolio : false, tickers };
}

/** The portfolio switch and the ticker picker, mutually exclusive (spec §4). */
export function SelectionPicker({
  value,
  onChange,
  compact = false,
}: {
  value: Selection;
  onChange: (next: Selection) => void;
  compact?: boolean;
}) {
  return (
    <Stack gap="xs">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Switch
          label="My portfolio"
          description={compact ? undefined : 'The companies on your watchlist'}
          checked={value.portfolio}
          onChange={(event) => onChange(togglePortfolio(value, event.currentTarget.checked))}
        />
        <SuggestionInput
          source="ticker"
          label="Or choose tickers"
          placeholder="Ticker or company name"
          clearAfter
          onPick={(symbol) => onChange(addTicker(value, symbol))}
          size={compact ? 'xs' : 'sm'}
        />
      </Group>
      {value.tickers.length > 0 && (
        <Group gap={6} aria-label="Chosen tickers">
          {value.tickers.map((ticker) => (
            <Pill key={ticker} size="md">
              <Group gap={2} wrap="nowrap">
                {ticker}
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${ticker}`}
                  onClick={() => onChange(removeTicker(value, ticker))}
                />
              </Group>
            </Pill>
          ))}
        </Group>
      )}
      {!value.portfolio && value.tickers.length === 0 && (
        <Text size="xs" c="dimmed">
          Nothing chosen: the answer uses no company data.
        </Text>
      )}
    </Stack>
  );
}
