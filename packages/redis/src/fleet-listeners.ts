import { emit } from '@admin-api/auth/internal';
import type { FleetEvent } from '@admin-api/client';

type Listener = (event: FleetEvent) => void;

/** Who hears a fleet's `fleet_*` events. */
export interface FleetListeners {
  /** Adds a joining client's listener; one listener shared by many clients hears each event once. */
  add(listener: Listener): void;
  emit(event: FleetEvent): void;
}

/**
 * The fleet's own listener, held for the fleet's life, and each joining client's, held only as
 * long as something else holds it (its client does). A process that creates a client per job on
 * one long-lived fleet would otherwise keep every dropped client's listener, and whatever its
 * closure holds, until the fleet closes.
 */
export function createFleetListeners(own: Listener | undefined): FleetListeners {
  const members = new Set<WeakRef<Listener>>();
  const joined = new WeakSet<Listener>();
  const forget = new FinalizationRegistry<WeakRef<Listener>>((ref) => members.delete(ref));
  return {
    add(listener) {
      if (listener === own || joined.has(listener)) return;
      joined.add(listener);
      const ref = new WeakRef(listener);
      members.add(ref);
      forget.register(listener, ref);
    },
    emit(event) {
      if (own) emit(own, event);
      for (const ref of members) {
        const listener = ref.deref();
        if (listener) emit(listener, event);
      }
    },
  };
}
