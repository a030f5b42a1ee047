import type { ConfigTopic, DomainEvents, EventBus } from './bus.js';

type Apply = (change: DomainEvents['config.changed']) => Promise<void> | void;

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * Settings that processors hold in memory (factor quality parameters, alarm rules, WeChat settings, the
 * gateway's station cache) reach every process: the one that made the change applies it before its
 * route answers, as in one process, then tells the others with 'config.changed', which apply it as it
 * arrives. A process registers what it holds with `on`; what it does not run it does not register.
 */
export class ConfigChanges {
  private readonly appliers = new Map<ConfigTopic, Apply[]>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: EventBus,
    private readonly log: Logger,
  ) {
    this.unsubscribe = bus.subscribe('config.changed', (change) => void this.apply(change), { from: 'elsewhere' });
  }

  /** What this process re-reads when the topic changes. */
  on(topic: ConfigTopic, apply: Apply): void {
    this.appliers.set(topic, [...(this.appliers.get(topic) ?? []), apply]);
  }

  /** A change committed here: applied in this process (awaited), then announced to the others. */
  async changed(topic: ConfigTopic, codes?: string[]): Promise<void> {
    const change: DomainEvents['config.changed'] = codes ? { topic, codes } : { topic };
    try {
      await this.apply(change);
    } finally {
      this.bus.publish('config.changed', change);
    }
  }

  close(): void {
    this.unsubscribe();
  }

  private async apply(change: DomainEvents['config.changed']): Promise<void> {
    for (const apply of this.appliers.get(change.topic) ?? []) {
      try {
        await apply(change);
      } catch (err) {
        this.log.error({ err, topic: change.topic }, 'a settings change could not be applied');
      }
    }
  }
}
