import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { App } from '../../packages/app/dist/index.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A worker process that answers each message its parent sends with one message. */
export interface AppWorkerProcess<Ask, Answer> {
  ask(message: Ask): Promise<Answer>;
  /** Sends `{ type: 'exit' }` and waits for the process to end. */
  exit(): Promise<void>;
}

/**
 * Forks `file` (TypeScript, through tsx) with `options` as its first argument, and resolves once
 * it sends `{ type: 'ready' }`. A test run that dies takes the worker with it.
 */
export async function startAppWorker<Ask, Answer extends { type: string }>(
  file: string,
  options: unknown,
): Promise<AppWorkerProcess<Ask, Answer>> {
  const child: ChildProcess = fork(file, [JSON.stringify(options)], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const replies: ((message: Answer) => void)[] = [];
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited early (${code})`)));
    child.on('message', (message: Answer) => {
      if (message.type === 'ready') resolve();
      else replies.shift()?.(message);
    });
  });
  return {
    ask(message) {
      return new Promise((resolve) => {
        replies.push(resolve);
        child.send(message as object);
      });
    },
    async exit() {
      const exited = once(child, 'exit');
      child.send({ type: 'exit' });
      await exited;
      process.removeListener('exit', killOnExit);
    },
  };
}

/** What the merchant's browser does on the emulator's authorize page: press Install. */
export async function pressInstall(app: App, storeName: string): Promise<void> {
  const { url } = await app.installUrl({ storeName });
  const authorize = new URL(url);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('decision', 'install');
  const answer = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  await app.handleCallback(answer.headers.get('location') ?? '');
}
