import type { AppEvent } from './app-events.js';
import type { App } from './create-app.js';

/** What the kit's own modules may read of an app: never reachable from the `App` object. */
export interface AppInternals {
  readonly clientSecret: string;
  readonly emitEvent: (event: AppEvent) => void;
}

// A WeakMap keeps the secret off the app object, so no inspect, spread or JSON of it shows it.
const internals = new WeakMap<App, AppInternals>();

export function registerAppInternals(app: App, values: AppInternals): void {
  internals.set(app, values);
}

/** The internals of an app made by `createApp`, or undefined for any other object. */
export function appInternals(app: App): AppInternals | undefined {
  return internals.get(app);
}
