import { sql } from 'kysely';
import {
  isArticleId,
  visibleTo,
  type NewsSqlContext,
  type NewsViewer,
} from './news-sql.repository.ts';
import type { LinkerCompany } from './ticker-linker.ts';

/** What the ticker linker and its debug report read: an article's texts, the companies. */
export function newsLinkerQueries({ db, prepared }: NewsSqlContext) {
  return {
    /** The texts the linker reads of one article the viewer may see (a prepared statement). */
    findVisibleTexts: async (id: string, viewer: NewsViewer) =>
      isArticleId(id)
        ? (
            await prepared(
              db
                .selectFrom('news')
                .select(['id', 'title', 'description', 'articles'])
                .where('id', '=', id)
                .where(visibleTo(viewer))
                .compile(),
            )
          )[0]
        : undefined,

    /**
     * Every company's name and listings, for the ticker linker. Read here rather than through
     * the companies module because the linker needs the whole table in one query.
     */
    linkerCompanies: (): Promise<LinkerCompany[]> =>
      db.selectFrom('companies').select(['company_name', 'exchange_tickers']).execute(),

    /** Changes whenever companies are added, removed or renamed; keys the cached linker. */
    companiesFingerprint: async (): Promise<string> => {
      const rows = await prepared(
        sql<{ fingerprint: string }>`
          select concat_ws(':', count(*), extract(epoch from max(created_at)),
            sum(length(company_name) + cardinality(exchange_tickers))) as fingerprint
          from companies`.compile(db),
      );
      return rows[0]?.fingerprint ?? '';
    },
  };
}
