import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Debian's nginx (`nginx-light` is enough; CI installs it when missing). */
export const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The configuration docs/deploy.md tells a deployment to use. */
export const deployedNginxConfig = path.resolve(import.meta.dirname, '../../deploy/nginx.conf');

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function replaceOnce(text: string, from: string, to: string): string {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`deploy/nginx.conf holds "${from}" ${count} times, not once`);
  return text.replace(from, () => to);
}

/**
 * deploy/nginx.conf as it stands, with this run's upstream addresses (each with the parameters
 * of the file's first `server` line), its listen address and its access log put in: the test
 * and the benchmark run the deployed file itself, not a copy that could drift from it.
 */
export function nginxSiteConfig(options: {
  listen: string;
  upstreams: string[];
  accessLog: string;
}): string {
  const text = fs.readFileSync(deployedNginxConfig, 'utf8');
  const serverLine = /^( +)server 127\.0\.0\.1:\d+((?: [^;\n]*)?);\n/gm;
  const lines = [...text.matchAll(serverLine)];
  if (lines.length === 0) throw new Error('deploy/nginx.conf names no upstream server');
  const [, indent, parameters] = lines[0]!;
  let seen = 0;
  const upstreams = text.replace(serverLine, () =>
    seen++ === 0
      ? options.upstreams.map((address) => `${indent}server ${address}${parameters};\n`).join('')
      : '',
  );
  return replaceOnce(
    replaceOnce(upstreams, 'listen 80;', `listen ${options.listen};`),
    '/var/log/nginx/agency.access.log',
    options.accessLog,
  );
}

/** One line of the access log (deploy/nginx.conf's `agency` format). */
export interface AccessLogLine {
  request: string;
  status: number;
  /** Every process nginx tried, in order: a request passed on after a failure names two. */
  upstreams: string[];
  upstreamStatuses: string[];
  requestId: string;
}

function parseLine(line: string): AccessLogLine | undefined {
  const match =
    /"([^"]*)" (\d{3}) \d+ upstream=(\S+(?:, \S+)*) upstream_status=(\S+(?:, \S+)*) request_id=(\S*)/.exec(
      line,
    );
  if (!match) return undefined;
  return {
    request: match[1]!,
    status: Number(match[2]),
    upstreams: match[3]!.split(', '),
    upstreamStatuses: match[4]!.split(', '),
    requestId: match[5]!,
  };
}

/**
 * A folder for one nginx: its main configuration (foreground, one process, its pid, temporary
 * files and error log in the folder) including deploy/nginx.conf as `nginxSiteConfig` makes it.
 */
function writeNginxConfig(options: { port: number; upstreams: string[] }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-nginx-'));
  const accessLog = path.join(dir, 'access.log');
  const site = path.join(dir, 'agency.conf');
  fs.writeFileSync(
    site,
    nginxSiteConfig({
      listen: `127.0.0.1:${options.port}`,
      upstreams: options.upstreams,
      accessLog,
    }),
  );
  const main = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    main,
    [
      'daemon off;',
      'master_process off;',
      'worker_processes 1;',
      `error_log ${dir}/error.log warn;`,
      `pid ${dir}/nginx.pid;`,
      'events { worker_connections 1024; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `    ${kind}_temp_path ${dir}/${kind};`,
      ),
      `    include ${site};`,
      '}',
      '',
    ].join('\n'),
  );
  return { dir, main, accessLog, site };
}

/** `nginx -t` on deploy/nginx.conf (as the test runs it): its exit code and what it said. */
export function checkNginxConfig(upstreams: string[]) {
  if (!fs.existsSync(nginxBinary)) {
    throw new Error(
      `No nginx at ${nginxBinary}: apt-get install -y nginx-light (or set NGINX_PATH)`,
    );
  }
  const { dir, main, site } = writeNginxConfig({ port: 8080, upstreams });
  try {
    const checked = spawnSync(
      nginxBinary,
      ['-t', '-p', dir, '-c', main, '-e', `${dir}/error.log`],
      {
        encoding: 'utf8',
      },
    );
    return {
      code: checked.status,
      output: `${checked.stdout}${checked.stderr}`,
      site: fs.readFileSync(site, 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * nginx in the foreground, one process (`daemon off; master_process off`), in a folder of its
 * own (its pid, temporary files and logs), on a free port of 127.0.0.1, in front of `upstreams`
 * with deploy/nginx.conf. Resolves once a request through it reaches the app.
 */
export async function startNginx(options: { upstreams: string[] }) {
  if (!fs.existsSync(nginxBinary)) {
    throw new Error(
      `No nginx at ${nginxBinary}: apt-get install -y nginx-light (or set NGINX_PATH)`,
    );
  }
  const port = await freePort();
  const { dir, main, accessLog } = writeNginxConfig({ port, upstreams: options.upstreams });
  const child = spawn(nginxBinary, ['-p', dir, '-c', main, '-e', `${dir}/error.log`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errors = () =>
    fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : '';
  for (const started = Date.now(); ; await sleep(50)) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}${errors()}`);
    const answer = await fetch(`${url}/api/health`).catch(() => undefined);
    if (answer?.status === 200) break;
    if (Date.now() - started > 15_000) throw new Error(`nginx did not answer: ${errors()}`);
  }

  const lines = (): AccessLogLine[] =>
    fs
      .readFileSync(accessLog, 'utf8')
      .split('\n')
      .map(parseLine)
      .filter((line) => line !== undefined);
  return {
    url,
    port,
    /** The access log so far, one entry a request. */
    lines,
    /** nginx's own error log so far. */
    errors,
    /**
     * The process that answered the request whose answer carried `requestId` (its X-Request-Id):
     * its address, once nginx has logged it.
     */
    async servedBy(requestId: string | string[] | undefined): Promise<string> {
      for (const started = Date.now(); ; await sleep(20)) {
        const line = lines().find((entry) => entry.requestId === requestId);
        if (line) return line.upstreams.at(-1)!;
        if (Date.now() - started > 5000) throw new Error(`nginx logged no request ${requestId}`);
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Nginx = Awaited<ReturnType<typeof startNginx>>;
