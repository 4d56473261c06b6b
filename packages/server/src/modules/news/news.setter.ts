import type { Database } from '../../db/database.ts';
import type { EntitySetter } from '../../http/entity-setters.ts';
import { feedCacheFor } from './feed-cache.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';

/**
 * `POST /news/set/{id}/is_blocked` (spec §6: an admin's 'Hide' checkbox). Nothing else of an
 * article is settable, and only by admins.
 */
export function createNewsSetter(db: Database): EntitySetter {
  return async (caller, id, property, value) => {
    if (property !== 'is_blocked') throw badRequest(`News property '${property}' cannot be set.`);
    if (!caller.is_admin) throw forbidden('Only admins can hide articles.');
    if (typeof value !== 'boolean') throw badRequest("'value' must be true or false.");
    const result = await db
      .updateTable('news')
      .set({ is_blocked: value, updated_at: new Date() })
      .where((eb) => eb(eb.cast('id', 'text'), '=', id))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('News article not found.');
    // A hidden article leaves the cached feeds now, not when their entries expire.
    feedCacheFor(db).clear();
  };
}
