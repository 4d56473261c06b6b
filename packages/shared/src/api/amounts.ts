import { z } from 'zod';

/** Largest quantity of shares (or split ratio) an entry may hold. */
export const QUANTITY_MAX = 1e12;
/** Largest price per share. */
export const PRICE_MAX = 1e9;
/** Largest sum of money in one entry (fees, a dividend paid as one total). */
export const AMOUNT_MAX = 1e12;
/** Most decimals a quantity or an amount may carry. */
export const DECIMALS_MAX = 8;
/** The earliest trading day an entry may be dated. */
export const EARLIEST_DAY = '1900-01-01';

/** Whether a number is written with at most `DECIMALS_MAX` decimals (1e-300 is not). */
const hasFewDecimals = (value: number) => Number(value.toFixed(DECIMALS_MAX)) === value;

/**
 * Why a number cannot be stored as a quantity or an amount, or null: not finite, not above 0
 * (or below 0 when zero is allowed), above `max`, or more than `DECIMALS_MAX` decimals. The
 * sentence has no subject: the caller names the field.
 */
export function amountProblem(
  value: number,
  rule: { max: number; zeroAllowed: boolean },
): string | null {
  if (!Number.isFinite(value)) return 'must be a finite number';
  if (rule.zeroAllowed ? value < 0 : value <= 0) {
    return rule.zeroAllowed ? 'must be 0 or more' : 'must be above 0';
  }
  if (value > rule.max) return `must be at most ${rule.max.toLocaleString('en-US')}`;
  if (!hasFewDecimals(value)) return `has more than ${DECIMALS_MAX} decimals`;
  return null;
}

/** A zod number with `amountProblem`'s rule; the error handler names the field. */
export const boundedAmount = (rule: { max: number; zeroAllowed: boolean }) =>
  z.number().superRefine((value, ctx) => {
    const problem = amountProblem(value, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: `The value ${problem}.` });
  });

/** A calendar day `YYYY-MM-DD` on or after `EARLIEST_DAY`. */
export const boundedDay = z.iso
  .date()
  .refine((day) => day >= EARLIEST_DAY, `A date is on or after ${EARLIEST_DAY}.`);
