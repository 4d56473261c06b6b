import { formatDay } from '@app/shared/display/dates';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DEFAULT_PORTFOLIO, transactionInputSchema } from '@app/shared/api/portfolio';
import type { Transaction, TransactionInput } from '@app/shared/api/portfolio';
import { formatPrice } from '@app/shared/display/format';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { SubmitEvent } from 'react';
import { showSuccessToast } from '../../../lib/toast';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { SuggestionInput } from '../../tickers';
import { usePortfolioSnapshot } from '../api/snapshot';
import { useCreateTransaction } from '../api/transaction-create';
import { todayIso } from '../dates';
import { useDayClose } from '../components/day-close';
import { HoldingCard } from '../components/holding-card';
import { PageHeader } from '../components/page-header';

type EntryType = 'buy' | 'sell' | 'dividend' | 'split';

const TYPES: { value: EntryType; label: string }[] = [
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
  { value: 'dividend', label: 'Dividend' },
  { value: 'split', label: 'Split' },
];

const QUANTITY_LABELS: Record<EntryType, { label: string; description?: string }> = {
  buy: { label: 'Quantity', description: 'Shares bought' },
  sell: { label: 'Quantity', description: 'Shares sold' },
  dividend: { label: 'Shares', description: 'The shares the dividend was paid on' },
  split: { label: 'Split ratio', description: '2 for a two-for-one split, 0.5 for one-for-two' },
};

const SUBMIT: Record<EntryType, string> = {
  buy: 'Record the purchase',
  sell: 'Record the sale',
  dividend: 'Record the dividend',
  split: 'Record the split',
};

const SUCCESS: Record<EntryType, string> = {
  buy: 'Purchase recorded',
  sell: 'Sale recorded',
  dividend: 'Dividend recorded',
  split: 'Split recorded',
};

function isEntryType(value: string): value is EntryType {
  return TYPES.some((type) => type.value === value);
}

function toNumber(value: string | number): number | null {
  if (value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The fields as typed; `priceTyped` keeps a typed price from being replaced by the day's close. */
type EntryValues = {
  type: EntryType;
  symbol: string;
  date: string;
  quantity: string | number;
  price: string | number;
  priceTyped: boolean;
  fees: string | number;
};

/** What the fields send (a split has no price and no fees); empty numbers stay null, refused. */
function toInput(values: EntryValues) {
  const split = values.type === 'split';
  return {
    portfolio: DEFAULT_PORTFOLIO,
    type: values.type,
    symbol: values.symbol,
    date: values.date,
    quantity: toNumber(values.quantity),
    price: split ? 0 : toNumber(values.price),
    fees: split ? 0 : (toNumber(values.fees) ?? 0),
  };
}

const checkInput = schemaResolver(transactionInputSchema, { sync: true });

/** The position `symbol` holds after the recorded transaction (open, else closed). */
function RecordedHolding({
  recorded,
  onAnother,
}: {
  recorded: Transaction;
  onAnother: () => void;
}) {
  const snapshot = usePortfolioSnapshot({ portfolio: recorded.portfolio });
  useFailureToast(snapshot.error, 'Your portfolio could not be loaded');
  const holding =
    snapshot.data?.holdings.find((item) => item.symbol === recorded.symbol) ??
    snapshot.data?.closed.find((item) => item.symbol === recorded.symbol);
  if (snapshot.isPending || (snapshot.isFetching && !holding)) {
    return <Loader aria-label="Loading your holding" />;
  }
  if (!holding) {
    return (
      <Alert color="blue" title={`${recorded.symbol} is recorded`}>
        It shows on the dashboard as soon as its price is known.
      </Alert>
    );
  }
  return <HoldingCard holding={holding} onAnother={onAnother} />;
}

/**
 * /portfolio/register (spec §2, track a share purchase; guard 'user'): a ticker from suggestions,
 * the day, the quantity, the price (the day's close unless typed) and fees; a type selector for
 * sales, dividends and splits. Then the holding as it now stands.
 */
export function RegisterPage() {
  const [recorded, setRecorded] = useState<Transaction | null>(null);
  const [formKey, setFormKey] = useState(0);
  const form = useForm<EntryValues>({
    mode: 'controlled',
    initialValues: {
      type: 'buy',
      symbol: '',
      date: todayIso(),
      quantity: '',
      price: '',
      priceTyped: false,
      fees: 0,
    },
    // The shared schema of the request decides: the button stays disabled until it accepts.
    validate: (values) => checkInput(toInput(values)),
  });
  const create = useCreateTransaction();
  const today = todayIso();
  const { type, symbol, date, priceTyped } = form.getValues();
  const close = useDayClose(type === 'buy' || type === 'sell' ? symbol : '', date);
  // The day's close fills the price until the user types one.
  const closePrice = close?.close;
  useEffect(() => {
    if (closePrice !== undefined && !form.getValues().priceTyped) {
      form.setFieldValue('price', closePrice);
    }
    // `form` is a new object each render; the close alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [closePrice, priceTyped]);
  const ready = form.isValid() && date <= today;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!ready) return;
    const input = toInput(form.getValues()) as TransactionInput;
    create.mutate(input, {
      onSuccess: (transaction) => {
        showSuccessToast(`${transaction.symbol}: ${SUCCESS[type].toLowerCase()}.`, SUCCESS[type]);
        setRecorded(transaction);
      },
    });
  };

  /** A fresh entry: the same type and day, every other field empty. */
  const startAnother = () => {
    setRecorded(null);
    form.setValues({ symbol: '', quantity: '', price: '', priceTyped: false, fees: 0 });
    create.reset();
    setFormKey((key) => key + 1);
  };

  const closeHint =
    close && (type === 'buy' || type === 'sell')
      ? `Close on ${formatDay(close.day, { weekday: true })}: ${formatPrice(close.close)}`
      : undefined;

  return (
    <Stack gap="lg" maw={760} w="100%">
      <PageHeader title="Track a purchase">
        Record shares you bought (or sold, a dividend or a split). Your dashboard works out the
        value, profit and loss and performance from them.
      </PageHeader>
      {recorded ? (
        <RecordedHolding recorded={recorded} onAnother={startAnother} />
      ) : (
        <Card withBorder radius="lg" padding="lg" component="section" aria-label="Transaction">
          <Stack gap="md" key={formKey}>
            <SegmentedControl
              value={type}
              onChange={(value) => {
                if (isEntryType(value)) form.setFieldValue('type', value);
              }}
              data={TYPES}
              aria-label="Transaction type"
              fullWidth
            />
            <SuggestionInput
              source="ticker"
              label="Ticker"
              description="Search by ticker or company name, then pick a suggestion"
              onPick={(picked) => {
                form.setValues({ symbol: picked, priceTyped: false });
              }}
            />
            {symbol !== '' && (
              <Text size="sm" aria-live="polite">
                Chosen: <strong>{symbol}</strong>
              </Text>
            )}
            <form onSubmit={submit} noValidate aria-label="Transaction details">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label="Date"
                    type="date"
                    required
                    max={today}
                    value={date}
                    error={date > today ? 'The date cannot be in the future.' : undefined}
                    onChange={(event) => {
                      form.setValues({ date: event.currentTarget.value, priceTyped: false });
                    }}
                  />
                  <NumberInput
                    {...QUANTITY_LABELS[type]}
                    required
                    min={0}
                    decimalScale={6}
                    thousandSeparator=","
                    {...form.getInputProps('quantity')}
                  />
                  {type !== 'split' && (
                    <NumberInput
                      label={type === 'dividend' ? 'Dividend per share' : 'Price'}
                      description={closeHint}
                      required
                      min={0}
                      decimalScale={4}
                      prefix="$"
                      thousandSeparator=","
                      value={form.getValues().price}
                      onChange={(value) => {
                        form.setValues({ price: value, priceTyped: true });
                      }}
                    />
                  )}
                  {type !== 'split' && (
                    <NumberInput
                      label="Fees"
                      min={0}
                      decimalScale={2}
                      prefix="$"
                      thousandSeparator=","
                      {...form.getInputProps('fees')}
                    />
                  )}
                </SimpleGrid>
                {create.isError && (
                  <Alert color="red" title="Not recorded" role="alert">
                    {create.error.message}
                  </Alert>
                )}
                <Group>
                  <Button
                    type="submit"
                    disabled={!ready}
                    loading={create.isPending}
                    leftSection={<IconCheck size={16} aria-hidden="true" />}
                  >
                    {SUBMIT[type]}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
