// Development: the API with reload on change (tsx watch) and Vite's dev server with hot reload.
// Open http://localhost:5173 — Vite proxies /api to the API on PORT (default 3000).
import { spawn } from 'node:child_process';

const procs = [
  spawn('node', ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env: { ...process.env, WEB_DIST: '/nonexistent' } }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', (code) => { if (code) { stop(); process.exit(code); } }));
