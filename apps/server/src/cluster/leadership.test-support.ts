import type { Leadership } from './leadership.js';

/** A leadership the test hands over by hand, as an election would. */
export class ManualLeadership implements Leadership {
  private readonly listeners = new Set<(leader: boolean) => void>();

  constructor(private leader: boolean) {}

  isLeader(): boolean {
    return this.leader;
  }

  onChange(listener: (leader: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(leader: boolean): void {
    if (this.leader === leader) return;
    this.leader = leader;
    for (const listener of [...this.listeners]) listener(leader);
  }

  close(): Promise<void> {
    this.set(false);
    return Promise.resolve();
  }
}
