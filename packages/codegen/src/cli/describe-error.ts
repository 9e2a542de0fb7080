import { AdminApiError } from '@admin-api/auth';
import { ENV_VARS, type Env, redact } from '@admin-api/auth/internal';
import { secretForms } from '../schema/secrets.js';

/**
 * How the CLI shows an error: its code first (`[INTROSPECTION_FAILED] …`), then the message,
 * with the client secret (in every form it travels in) and anything shaped like a token redacted.
 */
export function describeError(error: unknown, env: Env = process.env): string {
  const message = error instanceof Error ? error.message : String(error);
  const coded =
    error instanceof AdminApiError && !message.startsWith(`[${error.code}]`)
      ? `[${error.code}] ${message}`
      : message;
  return redact(coded, secretForms([env[ENV_VARS.clientSecret]]));
}
