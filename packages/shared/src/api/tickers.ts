import { z } from 'zod';

/** `EXCHANGE:TICKER`, e.g. `NASDAQ:AAPL` or `NYSE:BRK.B`; read case-insensitively. */
export const exchangeTickerSchema = z
  .string()
  .max(40)
  .transform((value) => value.trim().toUpperCase())
  .pipe(
    z
      .string()
      .regex(
        /^[A-Z]{2,15}:[A-Z0-9][A-Z0-9.-]{0,14}$/,
        'must look like EXCHANGE:TICKER (e.g. NASDAQ:AAPL)',
      ),
  );
