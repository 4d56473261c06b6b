/**
 * The rules of the developer gallery's demo pages (spec §4, §5, §9), as pure functions so that
 * each has a unit test. The pages only wire them to components.
 */

/** Spec §9: the demo table offers these page sizes. */
export const DEMO_PAGE_SIZES = [5, 10, 25, 50] as const;
export type DemoPageSize = (typeof DEMO_PAGE_SIZES)[number];

/** Spec §9: the sweet-alert demo closes itself after 2 s. */
export const SWEET_ALERT_AUTO_CLOSE_MS = 2000;

export const PASSWORD_MIN_LENGTH = 5;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const ZIP_MIN_LENGTH = 6;

/* ---------- Paging (spec §4: back to page 1 when the page size or the total changes) ---------- */

export interface PagingState {
  page: number;
  pageSize: DemoPageSize;
  total: number;
}

export type PagingAction =
  | { type: 'page'; page: number }
  | { type: 'pageSize'; pageSize: DemoPageSize }
  | { type: 'total'; total: number };

export function pagingReducer(state: PagingState, action: PagingAction): PagingState {
  switch (action.type) {
    case 'page': {
      const count = Math.max(1, Math.ceil(state.total / state.pageSize));
      return { ...state, page: Math.min(Math.max(1, Math.trunc(action.page)), count) };
    }
    case 'pageSize':
      return action.pageSize === state.pageSize
        ? state
        : { ...state, pageSize: action.pageSize, page: 1 };
    case 'total':
      return action.total === state.total ? state : { ...state, total: action.total, page: 1 };
  }
}

export function isDemoPageSize(value: number): value is DemoPageSize {
  return (DEMO_PAGE_SIZES as readonly number[]).includes(value);
}

/* ---------- Cart (spec §4: quantity never below 1) ---------- */

export function cartQuantity(current: number, delta: number): number {
  const next = Math.trunc(current + delta);
  return Number.isFinite(next) && next >= 1 ? next : 1;
}

/* ---------- Form rules (spec §5); each returns the message to show, or null ---------- */

export function passwordError(password: string): string | null {
  return password.length >= PASSWORD_MIN_LENGTH
    ? null
    : `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
}

export function confirmationError(password: string, confirmation: string): string | null {
  return password === confirmation ? null : PASSWORDS_DO_NOT_MATCH;
}

export function integerError(value: string): string | null {
  return /^-?\d+$/.test(value.trim()) ? null : 'Enter a whole number';
}

export function urlError(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'Enter a web address';
  } catch {
    return 'Enter a web address';
  }
}

export function rangeError(value: string, min: number, max: number): string | null {
  const number = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(number)) return 'Enter a number';
  if (number < min) return `Must be at least ${min}`;
  if (number > max) return `Must be at most ${max}`;
  return null;
}

export function zipError(zip: string): string | null {
  return zip.trim().length >= ZIP_MIN_LENGTH
    ? null
    : `Zip code must be at least ${ZIP_MIN_LENGTH} characters`;
}

export function requiredError(value: string, label: string): string | null {
  return value.trim() === '' ? `${label} is required` : null;
}

/** Spec §5: the calendar's create-event dialog adds an event only when a title is entered. */
export function canAddEvent(title: string): boolean {
  return title.trim() !== '';
}

/* ---------- Wizard (spec §4: tabs checked/active with a validation hook) ---------- */

export type WizardTabState = 'checked' | 'active' | 'pending';

/** Tab states: steps already passed are checked, the current one active, the rest pending. */
export function wizardTabStates(stepCount: number, active: number): WizardTabState[] {
  return Array.from({ length: stepCount }, (_, index) =>
    index < active ? 'checked' : index === active ? 'active' : 'pending',
  );
}

/**
 * Moving from `active` to `target`: back is always allowed; forward only one step at a time and
 * only when the validation hook of the current step finds nothing wrong.
 */
export function wizardMove(
  active: number,
  target: number,
  stepCount: number,
  validate: (step: number) => boolean,
): number {
  if (target < 0 || target >= stepCount) return active;
  if (target <= active) return target;
  if (target !== active + 1) return active;
  return validate(active) ? target : active;
}

/* ---------- Icons (a filter over the names) ---------- */

/** Icon names containing every word of `query` (case-insensitive), in their order. */
export function filterIconNames(names: readonly string[], query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return names.filter((name) => {
    const lower = name.toLowerCase();
    return words.every((word) => lower.includes(word));
  });
}

/* ---------- Vector map (colour scale of the demo data) ---------- */

/** The step 0…(steps-1) of `value` between 0 and `max`; 0 stays the empty step. */
export function colourStep(value: number, max: number, steps: number): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.min(steps - 1, 1 + Math.floor(((value - 1) / max) * (steps - 1)));
}
