import type { Alarm } from '@envmon/shared';

/**
 * The badge's current alarms (SPEC section 4 'Pushed alarms'): a pushed alarm is added unless one
 * with its id exists, which it then replaces; a cleared one (active false) is removed by id.
 */
export function applyPushed(current: readonly Alarm[], pushed: readonly Alarm[]): { alarms: Alarm[]; raised: Alarm[] } {
  const byId = new Map(current.map((alarm) => [alarm.id, alarm]));
  const raised: Alarm[] = [];
  for (const alarm of pushed) {
    if (!alarm.active) byId.delete(alarm.id);
    else if (byId.has(alarm.id)) byId.set(alarm.id, alarm);
    else raised.push(alarm);
  }
  // Newest first, as getCurrent answers; a Map keeps the others where they were.
  return { alarms: [...raised.reverse(), ...byId.values()], raised };
}

/** Arrow-typed members: useSyncExternalStore receives them detached from the store. */
export interface AlarmStore {
  getSnapshot: () => readonly Alarm[];
  subscribe: (listener: () => void) => () => void;
  /** Applies a pushed frame; returns the alarms it newly raised (for the sound and the notification). */
  push: (pushed: readonly Alarm[]) => Alarm[];
  /** Replaces the list with a fresh load; frames pushed while it was under way are applied on top. */
  load: (fetch: () => Promise<Alarm[]>) => Promise<void>;
}

export function createAlarmStore(): AlarmStore {
  let alarms: readonly Alarm[] = [];
  const listeners = new Set<() => void>();
  let loading = 0;
  /** Frames that arrived during the newest load (its answer may predate them); null when none is under way. */
  let sinceLoad: (readonly Alarm[])[] | null = null;

  function set(next: readonly Alarm[]): void {
    alarms = next;
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: () => alarms,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push: (pushed) => {
      sinceLoad?.push(pushed);
      const { alarms: next, raised } = applyPushed(alarms, pushed);
      set(next);
      return raised;
    },
    load: async (fetch) => {
      const ticket = ++loading;
      const pushes: (readonly Alarm[])[] = [];
      sinceLoad = pushes;
      try {
        const loaded = await fetch();
        // An older load answering late must not undo a newer one.
        if (ticket !== loading) return;
        let next: readonly Alarm[] = loaded.filter((alarm) => alarm.active);
        for (const pushed of pushes) next = applyPushed(next, pushed).alarms;
        set(next);
      } finally {
        if (ticket === loading) sinceLoad = null;
      }
    },
  };
}
