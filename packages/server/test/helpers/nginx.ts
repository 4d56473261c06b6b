import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/db/embedded.ts';
import { waitFor } from './wait.ts';

export const NGINX_BINARY = '/usr/sbin/nginx';

/** Sent by a test to pin one request to one upstream (`0`, `1` …); unset, round-robin. */
export const UPSTREAM_HEADER = 'x-test-upstream';
/** Answered by the proxy: the `host:port` of the upstream(s) that served the request. */
export const SERVED_BY_HEADER = 'x-served-by';

export type Nginx = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The generated configuration (shown when a test fails). */
  config: string;
  errorLog: () => Promise<string>;
  stop: () => Promise<void>;
};

/**
 * The proxy part of deploy/nginx.conf with the test's ports: round-robin over the API processes,
 * a refused connection passed on to the next one, no buffering of event streams, client
 * addresses in X-Forwarded-For. Each API is also a group of its own, chosen by UPSTREAM_HEADER.
 */
function nginxConfig(dir: string, port: number, apiPorts: number[]): string {
  const server = (p: number) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`;
  const groups = apiPorts.map((p, i) => `  upstream api_${i} { ${server(p)} }`).join('\n');
  const pins = apiPorts.map((_p, i) => `    "${i}" api_${i};`).join('\n');
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  upstream api {
    ${apiPorts.map(server).join('\n    ')}
  }
${groups}
  map $http_${UPSTREAM_HEADER.replaceAll('-', '_')} $api_group {
    default api;
${pins}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://$api_group;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      add_header ${SERVED_BY_HEADER} $upstream_addr always;
    }
    location /api/live {
      proxy_pass http://$api_group;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      add_header ${SERVED_BY_HEADER} $upstream_addr always;
    }
  }
}
`;
}

/** Starts Debian's nginx in front of the API processes on `apiPorts` (a free port of its own). */
export async function startNginx(apiPorts: number[]): Promise<Nginx> {
  if (!existsSync(NGINX_BINARY)) {
    throw new Error(`${NGINX_BINARY} is missing: apt-get install -y nginx (.ci/run does)`);
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-nginx-'));
  // nginx's workers run as nobody when the test runs as root: they need the temp folders.
  await fs.chmod(dir, 0o755);
  await fs.mkdir(path.join(dir, 'tmp'), { mode: 0o777 });
  await fs.chmod(path.join(dir, 'tmp'), 0o777);
  const port = await freePort();
  const config = nginxConfig(dir, port, apiPorts);
  const file = path.join(dir, 'nginx.conf');
  await fs.writeFile(file, config);
  const child = spawn(NGINX_BINARY, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => fs.readFile(path.join(dir, 'error.log'), 'utf8').catch(() => output);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT'); // graceful: workers finish their requests
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
      return fetch(`${url}/`, { signal: AbortSignal.timeout(1_000) }).then(
        () => true,
        () => false,
      );
    }, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, config, errorLog, stop };
}
