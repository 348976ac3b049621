// `npm run dev`: the API with reload on save (port 3001) and Vite with hot reload (port 5173),
// which proxies /api to it. Open http://localhost:5173. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const env = {
  ...process.env,
  PORT: process.env.API_PORT ?? '3001',
  APP_URL: process.env.APP_URL ?? 'http://localhost:5173',
};
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env,
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
for (const child of children) child.on('exit', stopAll);
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
