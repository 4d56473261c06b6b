/**
 * Benchmark users made by SQL (no argon2, no sign-up round trips): `count` users named
 * `{prefix}{i}` with a plan each, and a session whose bearer token is the SHA-256 (hex) of the
 * username, stored as the server stores tokens (the SHA-256 of the token).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../packages/server/src/db/database.ts';

export type BenchPlan = 'free' | 'tier1_monthly' | 'tier2_monthly' | 'tier3_monthly';
export const BENCH_PLANS: readonly BenchPlan[] = [
  'free',
  'tier1_monthly',
  'tier2_monthly',
  'tier3_monthly',
];

export type BenchUser = { id: string; username: string; token: string; plan: BenchPlan };

const tokenOf = (username: string) => createHash('sha256').update(username).digest('hex');

/** Users `{prefix}1` … `{prefix}{count}`; user i gets `plan(i)`; `admin` makes them admins. */
export async function createBenchUsers(
  db: Database,
  options: { prefix: string; count: number; plan: (i: number) => BenchPlan; admin?: boolean },
): Promise<BenchUser[]> {
  const { prefix, count } = options;
  const plans = Array.from({ length: count }, (_, i) => options.plan(i + 1));
  const rows = await sql<{ id: string; username: string; i: number }>`
    insert into users (username, email, password_hash, share_referral_code, subscription,
      subscription_status, is_admin, is_email_validated, validation_status)
    select ${prefix} || i, ${prefix} || i || '@bench.example', 'not-a-hash', ${prefix} || '-ref-' || i,
      case when p.plan = 'free' then '' else p.plan end,
      case when p.plan = 'free' then '' else 'active' end,
      ${options.admin ?? false}, true, 'approved'
    from unnest(${plans}::text[]) with ordinality as p(plan, i)
    returning id, username, substring(username from ${prefix.length + 1})::int as i`.execute(db);
  await sql`
    insert into sessions (user_id, token_hash, expires_at)
    select id, sha256(convert_to(encode(sha256(convert_to(username, 'UTF8')), 'hex'), 'UTF8')),
      now() + interval '30 days'
    from users where username like ${`${prefix}%`} and id = any(${rows.rows.map((r) => r.id)}::uuid[])`.execute(
    db,
  );
  return rows.rows
    .sort((a, b) => a.i - b.i)
    .map((row) => ({
      id: row.id,
      username: row.username,
      token: tokenOf(row.username),
      plan: plans[row.i - 1] ?? 'free',
    }));
}

/** The bearer token of a bench user first named `username` (kept data: sessions outlive a run). */
export const benchToken = tokenOf;

const FIRST_NAMES = (
  'james mary john patricia robert jennifer michael linda david elizabeth william barbara richard ' +
  'susan joseph jessica thomas sarah charles karen chris lisa daniel nancy matthew betty anthony ' +
  'sandra mark margaret paul ashley steven kimberly andrew emily kevin donna brian michelle george ' +
  'carol tim amanda jason melissa jeff deborah ryan stephanie jacob rebecca gary laura nicholas ' +
  'sharon eric cynthia jonathan kathleen larry amy justin angela scott anna brandon ruth ben ' +
  'brenda sam pamela greg nicole alex katherine frank samantha raymond christine jack emma dennis ' +
  'rachel jerry catherine tyler olivia aaron diane jose helen adam hannah nathan maria henry ' +
  'julia peter grace zach victoria kyle lauren noah sofia ethan chloe lucas mia liam ava oliver ' +
  'isabella mateo camila luca giulia jan katarzyna piotr agnieszka hans anke pierre camille ' +
  'hiroshi yuki wei mei raj priya ahmed fatima carlos lucia sven ingrid'
).split(' ');

const SURNAMES = (
  'smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez ' +
  'gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris ' +
  'sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen hill ' +
  'flores green adams nelson baker hall rivera campbell mitchell carter roberts gomez phillips ' +
  'evans turner diaz parker cruz edwards collins reyes stewart morris morales murphy cook rogers ' +
  'gutierrez ortiz morgan cooper peterson bailey reed kelly howard ramos kim cox ward richardson ' +
  'watson brooks chavez wood james bennett gray mendoza ruiz hughes price alvarez castillo ' +
  'sanders patel myers long ross foster jimenez powell jenkins perry russell sullivan bell ' +
  'coleman butler henderson barnes fisher vasquez simmons romero jordan patterson alexander ' +
  'hamilton graham reynolds griffin wallace west cole hayes bryant herrera gibson ellis tran ' +
  'medina aguilar stevens murray ford castro marshall owens harrison fernandez mcdonald woods ' +
  'washington kennedy wells vargas henry chen freeman webb tucker guzman burns crawford olson ' +
  'simpson porter hunter gordon mendez silva shaw snyder mason dixon munoz hunt hicks holmes ' +
  'palmer wagner black robertson boyd rose stone salazar fox warren mills meyer rice schmidt'
).split(' ');

/** Syllables of the long tail of surnames (most people's surname is rare on a site). */
const SYLLABLES = (
  'ka ro mi sel ber an dor vik lan ton stad ler ham wic ski nov ova ek tal mar quin del fen ' +
  'gru hol jas kor lis mun nor pel ras sten tor ulf var wes yor zel bach feld mann berg'
).split(' ');

/** A deterministic pseudo-random number generator (mulberry32): the same people every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An index into `n` items: one draw in five from a Zipf-like law (the first items the most
 * common), the others uniform — a list of 200 common names holds a country's first 200, not all.
 */
const zipf = (next: () => number, n: number) =>
  next() < 0.2 ? Math.min(n - 1, Math.floor(n ** next()) - 1) : Math.floor(next() * n);

export type BenchPerson = { username: string; email: string; firstName: string; lastName: string };

/**
 * `count` people as a real site's users look: common first names and surnames drawn from a
 * Zipf-like law (a common surname is shared by hundreds, most by a handful), and a third of the
 * surnames from the long tail; usernames in the usual shapes (`jsmith`, `mary.jones`,
 * `alex_kim84`, `lucasgarcia`), unique; e-mail addresses at a few providers.
 */
export function benchPeople(count: number, seed = 18): BenchPerson[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const taken = new Set<string>();
  const people: BenchPerson[] = [];
  while (people.length < count) {
    const first = FIRST_NAMES[zipf(next, FIRST_NAMES.length)] ?? 'sam';
    const last =
      next() < 0.5
        ? (SURNAMES[zipf(next, SURNAMES.length)] ?? 'smith')
        : pick(SYLLABLES) + pick(SYLLABLES) + pick(SYLLABLES);
    const year = String(60 + Math.floor(next() * 45)).slice(-2);
    const shapes = [
      `${first[0] ?? ''}${last}`,
      `${first}.${last}`,
      `${first}_${last}${year}`,
      `${first}${last}`,
      `${first}${year}`,
      `${last}.${first[0] ?? ''}`,
    ];
    let username = pick(shapes);
    for (let n = 2; taken.has(username); n += 1) username = `${pick(shapes)}${n}`;
    taken.add(username);
    const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
    const provider = pick(['gmail.com', 'outlook.com', 'yahoo.com', 'proton.me', 'icloud.com']);
    people.push({
      username,
      email: `${username}@${provider}`,
      firstName: capital(first),
      lastName: capital(last),
    });
  }
  return people;
}
