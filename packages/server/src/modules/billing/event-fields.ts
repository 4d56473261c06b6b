/** Reading fields of a provider's event object (untyped JSON from a verified webhook). */
export type Json = Record<string, unknown>;

export const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
export const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
export const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' ? (value as Json) : {};
/** The first element of a Stripe list object (`{ data: [...] }`). */
export const first = (list: unknown): Json => {
  const data = obj(list).data;
  return Array.isArray(data) ? obj(data[0]) : {};
};
/** Latest epoch second we store (year 9999); a later one in an event is ignored. */
const MAX_EPOCH_SECONDS = 253_402_300_799;
export const epochDate = (seconds: number | undefined) =>
  seconds === undefined || seconds < 0 || seconds > MAX_EPOCH_SECONDS
    ? undefined
    : new Date(seconds * 1000);
export const epoch = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
