import type { ClientCredentials } from '@admin-api/auth';
import {
  ENV_VARS,
  type Env,
  missingEnvMessage,
  readEnvVars,
  withEnvSources,
} from '@admin-api/auth/internal';
import { CodegenError } from '../errors.js';

/** Everything introspection needs: the token host, the GraphQL host and the app's credentials. */
export interface AdminApiCredentials extends ClientCredentials {
  /** Origin of the GraphQL host, e.g. `https://api.myikas.com`. */
  baseUrl: string;
}

/** Credentials for one schema load, with a `close` for anything started to provide them. */
export interface ProvidedCredentials extends AdminApiCredentials {
  /** Says where the credentials came from, for progress output (e.g. "the embedded emulator"). */
  label?: string;
  close?: () => Promise<void>;
}

/** Where codegen gets credentials: fixed values, or a function called only when the network is needed. */
export type CredentialsSource =
  | AdminApiCredentials
  | (() => Promise<ProvidedCredentials | undefined>);

/**
 * The four ADMIN_API_* variables, or the names of those missing. A URL that introspection then
 * refuses is named by its variable (`ADMIN_API_BASE_URL must use https: …; it sets baseUrl`).
 */
export function credentialsFromEnvironment(
  env: Env = process.env,
):
  | { credentials: AdminApiCredentials; missing: [] }
  | { credentials: undefined; missing: string[] } {
  const { values, missing } = readEnvVars(ENV_VARS, env);
  return missing.length === 0
    ? { credentials: withEnvSources(values as AdminApiCredentials, ENV_VARS), missing: [] }
    : { credentials: undefined, missing };
}

/**
 * The four ADMIN_API_* variables, or a `MISSING_ENV` error that names the command, exactly the
 * variables missing or empty, and where to set them.
 */
export function requireCredentialsFromEnvironment(command: string): AdminApiCredentials {
  const { credentials, missing } = credentialsFromEnvironment();
  if (!credentials)
    throw new CodegenError(
      'MISSING_ENV',
      `${command} needs the live schema. ${missingEnvMessage(missing)}`,
      { missing },
    );
  return credentials;
}
