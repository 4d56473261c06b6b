/** How far ahead of the clock a feed's date may be before it is not believed. */
export const FUTURE_TOLERANCE_MS = 86_400_000;

/** The date an item is stored and shown with, and whether it is only when it was first seen. */
export type ItemDate = { date: Date; estimated: boolean };

/**
 * The date of a feed item: the date the feed gives it, or the moment it was first seen (marked
 * estimated) when the feed gives none, an unreadable one or one more than a day ahead of the
 * clock. A date less than a day ahead (a zone written wrong, a publisher's clock off) is read as
 * "now": the item is new, and a feed sorted by date must not keep it on top for hours.
 */
export function itemDate(publishedAt: Date | null, firstSeen: Date): ItemDate {
  if (publishedAt === null || Number.isNaN(publishedAt.getTime())) {
    return { date: firstSeen, estimated: true };
  }
  const ahead = publishedAt.getTime() - firstSeen.getTime();
  if (ahead > FUTURE_TOLERANCE_MS) return { date: firstSeen, estimated: true };
  return { date: ahead > 0 ? firstSeen : publishedAt, estimated: false };
}
