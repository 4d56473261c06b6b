/**
 * The success envelope around articles already serialised by PostgreSQL (`apiNewsJson` in
 * news.repository.ts), as the bytes to send. No SQL here: the expressions live in the repository.
 */
export function newsEnvelope(articles: readonly { article: string }[]): Buffer {
  let body = '{"status":"success","news":[';
  for (let i = 0; i < articles.length; i += 1) {
    if (i > 0) body += ',';
    body += articles[i]?.article ?? 'null';
  }
  return Buffer.from(`${body}]}`);
}
