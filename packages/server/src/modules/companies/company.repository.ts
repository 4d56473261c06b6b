import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CompanyTable } from '../../db/schema.ts';
import { escapeLike } from '../../http/query/compile-filter.ts';

export type CompanyRow = Selectable<CompanyTable>;
export type NewCompany = Insertable<CompanyTable>;
export type SuggestionRow = { exchange_ticker: string; company_name: string; gics_sector: string };

/** SQL for companies and their listings; no decisions. */
export function createCompanyRepository(db: Database) {
  return {
    db,

    count: async () =>
      Number(
        (
          await db
            .selectFrom('companies')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** Inserts companies with one listing per exchange ticker, in one transaction. */
    insertWithSecurities: (companies: readonly (NewCompany & { currency?: string })[]) =>
      db.transaction().execute(async (trx) => {
        for (let start = 0; start < companies.length; start += 500) {
          const batch = companies.slice(start, start + 500);
          const rows = await trx
            .insertInto('companies')
            .values(batch.map(({ currency: _currency, ...company }) => company))
            .returning(['id', 'exchange_tickers', 'quote_type'])
            .execute();
          const securities = rows.flatMap((row, i) =>
            row.exchange_tickers.map((exchangeTicker) => {
              const [exchange = '', ticker = ''] = exchangeTicker.split(':');
              return {
                exchange_ticker: exchangeTicker,
                exchange,
                ticker,
                company_id: row.id,
                currency: batch[i]?.currency ?? 'USD',
                quote_type: row.quote_type,
              };
            }),
          );
          if (securities.length > 0)
            await trx.insertInto('securities').values(securities).execute();
        }
      }),

    companyOf: (exchangeTicker: string) =>
      db
        .selectFrom('securities')
        .innerJoin('companies', 'companies.id', 'securities.company_id')
        .selectAll('companies')
        .where('securities.exchange_ticker', '=', exchangeTicker)
        .executeTakeFirst(),

    /** Companies of the same sub-industry first, then of the same sector; never the company itself. */
    related: (company: CompanyRow, limit: number) =>
      db
        .selectFrom('companies')
        .selectAll()
        .where('id', '<>', company.id)
        .where((eb) =>
          eb.or([
            eb('gics_sub_industry', '=', company.gics_sub_industry),
            eb('gics_sector', '=', company.gics_sector),
          ]),
        )
        .orderBy(sql`gics_sub_industry = ${company.gics_sub_industry}`, 'desc')
        .orderBy('company_name')
        .limit(limit)
        .execute(),

    /** Sector (or, within a sector, sub-industry) counts, by name. */
    categories: (group: 'gics_sector' | 'gics_sub_industry', sector?: string) => {
      let query = db
        .selectFrom('companies')
        .select([sql.ref<string>(group).as('_id'), (eb) => eb.fn.countAll<number>().as('count')])
        .where(group, '<>', '')
        .groupBy(group)
        .orderBy(group);
      if (sector !== undefined) query = query.where('gics_sector', '=', sector);
      return query.execute();
    },

    /**
     * Ranked suggestions: exact ticker, ticker prefix, name prefix, a word of the name, then
     * trigram word similarity for typos.
     */
    suggest: (text: string, limit: number): Promise<SuggestionRow[]> => {
      const upper = text.toUpperCase();
      const prefix = `${escapeLike(upper)}%`;
      const word = `% ${escapeLike(upper)}%`;
      return sql<SuggestionRow>`
        select s.exchange_ticker, c.company_name, c.gics_sector
        from securities s join companies c on c.id = s.company_id
        where upper(s.ticker) like ${prefix} escape '\\'
           or upper(s.exchange_ticker) = ${upper}
           or upper(c.company_name) like ${prefix} escape '\\'
           or (' ' || upper(c.company_name)) like ${word} escape '\\'
           or ${text} <% c.company_name
        order by
          case
            when upper(s.ticker) = ${upper} or upper(s.exchange_ticker) = ${upper} then 0
            when upper(s.ticker) like ${prefix} escape '\\' then 1
            when upper(c.company_name) like ${prefix} escape '\\' then 2
            when (' ' || upper(c.company_name)) like ${word} escape '\\' then 3
            else 4
          end,
          word_similarity(${text}, c.company_name) desc,
          length(s.ticker),
          s.exchange_ticker
        limit ${limit}`
        .execute(db)
        .then((result) => result.rows);
    },
  };
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
