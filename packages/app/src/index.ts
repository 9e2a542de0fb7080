export type { AppEvent, AppEventListener, StoreClientEvent } from './app-events.js';
export { APP_SCOPES, type AppOptions, type AppScope } from './app-options.js';
export type { CallbackInput } from './callback-params.js';
export { type App, createApp, MAX_STORE_CLIENTS } from './create-app.js';
export {
  InstallError,
  type InstallErrorCode,
  InvalidStoreNameError,
  LaunchError,
  type LaunchErrorCode,
  StoreNeedsReinstallError,
  StoreNotInstalledError,
  StoreTokenRejectedError,
} from './errors.js';
export {
  INSTALL_STATE_LIFETIME_MS,
  type InstallUrl,
  type InstallUrlOptions,
} from './install-url.js';
export { createMemorySessionStore } from './memory-session-store.js';
export type {
  AppSessionStore,
  ConsumedState,
  InstallState,
  RefreshLockOptions,
  SessionRecord,
  SessionStore,
  SessionStoreApp,
  StoreSession,
} from './session-store.js';
export { MIN_REFRESH_AGE_RATIO } from './store-token-provider.js';
export { LAUNCH_FUTURE_SKEW_MS, LAUNCH_WINDOW_MS, type Launch } from './verify-launch.js';
// The webhook API, also its own entry (`@admin-api/app/webhooks`), listed once.
export * from './webhooks.js';
