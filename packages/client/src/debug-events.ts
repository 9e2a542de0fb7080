import type { AdminApiEvent, AdminApiEventListener } from './admin-api-events.js';

/** The environment variable that turns on one stderr line per event. */
export const DEBUG_ENV_VAR = 'ADMIN_API_DEBUG';

const MAX_VALUE_LENGTH = 200;

/**
 * `listener`, plus one line per event on stderr when `ADMIN_API_DEBUG` is set to anything but
 * `0`, `false` or nothing. Read when a client is created, never at import, and only where a
 * `process` exists (a Worker has none). Events carry no secret or token by contract, so the
 * lines are what `onEvent` would see.
 */
export function withDebugEvents(
  listener: AdminApiEventListener | undefined,
  env: Readonly<Record<string, string | undefined>> | undefined = processEnv(),
): AdminApiEventListener | undefined {
  let value: string | undefined;
  try {
    value = env?.[DEBUG_ENV_VAR]?.trim().toLowerCase();
  } catch {
    // Deno without --allow-env throws on the read (NotCapable): no debug lines, as if unset.
  }
  if (!value || value === '0' || value === 'false') return listener;
  return (event) => {
    writeLine(debugLine(event));
    listener?.(event);
  };
}

/** `admin-api <type> key=value …`, each value bounded, errors as their code and first line. */
export function debugLine(event: AdminApiEvent): string {
  const fields = Object.entries(event)
    .filter(([key, value]) => key !== 'type' && value !== undefined)
    .map(([key, value]) => `${key}=${describe(value)}`);
  return ['admin-api', event.type, ...fields].join(' ');
}

function describe(value: unknown): string {
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    const first = value.message.split('\n', 1)[0] ?? '';
    return JSON.stringify(`${typeof code === 'string' ? code : value.name}: ${bounded(first)}`);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return /^[\w./:@-]+$/.test(text) ? bounded(text) : JSON.stringify(bounded(text));
}

function bounded(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
}

function processEnv(): Readonly<Record<string, string | undefined>> | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
}

function writeLine(line: string): void {
  const stderr = (globalThis as { process?: { stderr?: { write(text: string): unknown } } }).process
    ?.stderr;
  if (stderr) stderr.write(`${line}\n`);
  else console.error(line);
}
