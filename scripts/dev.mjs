// `npm run dev`: the server in watch mode on :3000 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@marquee/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@marquee/web'], { stdio: 'inherit' }),
];
process.stdout.write(
  '\n  Marquee dev: open http://localhost:5173 (hot reload); the API runs on http://localhost:3000\n\n',
);
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
