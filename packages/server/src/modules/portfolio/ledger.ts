import type { TransactionType } from '@app/shared/api/portfolio';

/** What a transaction trades (money in the listing's currency). */
export type Trade = {
  type: TransactionType;
  symbol: string;
  /** `YYYY-MM-DD`. */
  date: string;
  quantity: number;
  price: number;
  fees: number;
};

/** One ledger entry as the maths reads it. */
export type LedgerEntry = Trade & {
  /** Entry order within a day (lower first); entries of one day apply in this order. */
  seq: number;
};

/** A position built by replaying the ledger with the average-cost method (COST_METHOD). */
export type Position = {
  symbol: string;
  quantity: number;
  /** Cost of the shares held, by average cost, without fees (fees are counted apart). */
  costBasis: number;
  realized: number;
  dividends: number;
  fees: number;
  /** Gross amounts bought and sold (quantity × price). */
  bought: number;
  sold: number;
};

/** Why an entry cannot apply: the ledger would sell or split more than is held at that point. */
export type LedgerProblem = { entry: LedgerEntry; held: number; message: string };

/** Quantities closer to zero than this are zero (binary fractions of decimal share counts). */
export const QUANTITY_EPSILON = 1e-9;

export const byDateThenSeq = (a: LedgerEntry, b: LedgerEntry) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq;

export function emptyPosition(symbol: string): Position {
  return {
    symbol,
    quantity: 0,
    costBasis: 0,
    realized: 0,
    dividends: 0,
    fees: 0,
    bought: 0,
    sold: 0,
  };
}

const amount = (n: number) => Number(n.toPrecision(12)).toString();

/**
 * Applies one entry to its position (mutating it). Buy: adds shares at their price. Sell: takes
 * shares out at the average cost, the difference to the sale price being realised P&L. Split:
 * multiplies the shares by the ratio (`quantity`), the cost basis unchanged. Dividend: income of
 * quantity × price. Fee: a cost of quantity × price. Every entry's `fees` is a cost too.
 * Returns the problem instead of applying a sale or split of more than is held.
 */
export function applyEntry(position: Position, entry: LedgerEntry): LedgerProblem | null {
  const { quantity, price, fees } = entry;
  const held = position.quantity;
  switch (entry.type) {
    case 'buy':
      position.quantity += quantity;
      position.costBasis += quantity * price;
      position.bought += quantity * price;
      break;
    case 'sell': {
      if (quantity > held + QUANTITY_EPSILON * Math.max(1, held)) {
        return {
          entry,
          held,
          message: `You cannot sell ${amount(quantity)} ${entry.symbol} on ${entry.date}: you hold ${amount(held)} then.`,
        };
      }
      const averageCost = held > 0 ? position.costBasis / held : 0;
      position.realized += (price - averageCost) * quantity;
      position.sold += quantity * price;
      position.quantity = held - quantity;
      position.costBasis -= averageCost * quantity;
      if (Math.abs(position.quantity) <= QUANTITY_EPSILON * Math.max(1, held)) {
        position.quantity = 0;
        position.costBasis = 0;
      }
      break;
    }
    case 'split':
      if (held <= 0) {
        return {
          entry,
          held,
          message: `You cannot split ${entry.symbol} on ${entry.date}: you hold none then.`,
        };
      }
      position.quantity = held * quantity;
      break;
    case 'dividend':
      position.dividends += quantity * price;
      break;
    case 'fee':
      position.fees += quantity * price;
      break;
  }
  position.fees += fees;
  return null;
}

/** Positions by symbol, each opened empty by its symbol's first entry; `apply` books an entry. */
export function openPositions() {
  const positions = new Map<string, Position>();
  return {
    positions,
    apply: (entry: LedgerEntry): LedgerProblem | null => {
      let position = positions.get(entry.symbol);
      if (!position) positions.set(entry.symbol, (position = emptyPosition(entry.symbol)));
      return applyEntry(position, entry);
    },
  };
}

/** Replays a whole ledger (in date and entry order); stops at the first problem. */
export function replayLedger(entries: readonly LedgerEntry[]): {
  positions: Map<string, Position>;
  problem: LedgerProblem | null;
} {
  const { positions, apply } = openPositions();
  for (const entry of [...entries].sort(byDateThenSeq)) {
    const problem = apply(entry);
    if (problem) return { positions, problem };
  }
  return { positions, problem: null };
}
