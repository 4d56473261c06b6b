/**
 * Business time. Everything that dates, expires or windows data asks this clock, never
 * `Date.now()` or `new Date()`, so tests and the demo can run the product on any date.
 */
export type Clock = {
  /** The current business instant. */
  now(): Date;
};

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that reads `start` at the moment it is made and runs at real speed from there
 * (`CLOCK_START`): browser tests and demos pin the product's date without freezing time.
 */
export function clockStartingAt(start: Date, realNow: () => number = Date.now): Clock {
  const offset = start.getTime() - realNow();
  return { now: () => new Date(realNow() + offset) };
}

/** A clock that stands still until moved (unit and integration tests). */
export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void } {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set(next) {
      current = new Date(next);
    },
  };
}

/** The clock the configuration asks for. */
export function createClock(config: { clockStart: Date | undefined }): Clock {
  return config.clockStart ? clockStartingAt(config.clockStart) : systemClock;
}
