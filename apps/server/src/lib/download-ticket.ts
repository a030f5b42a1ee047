import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';

/** Who a ticket was issued to. */
export interface TicketHolder {
  userId: number;
  userName: string;
}

interface Ticket extends TicketHolder {
  scope: string;
  expiresAt: number;
}

export const DOWNLOAD_TICKET_TTL_MS = 60_000;

/**
 * Short-lived, single-use download tickets. A file opened in a new window cannot send the token
 * header, and putting the long-lived session token in a url leaves it in browser history and
 * proxy logs; a ticket in the url is worth one download of one kind (`scope`) within a minute.
 * Kept in memory: a ticket is redeemed by the process that issued it, a few seconds later.
 */
export class DownloadTickets {
  private readonly tickets = new Map<string, Ticket>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = DOWNLOAD_TICKET_TTL_MS,
    /** Bounds the memory a caller issuing tickets and never redeeming them can take. */
    private readonly maxTickets = 10_000,
  ) {}

  issue(holder: TicketHolder, scope: string): string {
    const now = this.clock.now();
    this.sweep(now);
    if (this.tickets.size >= this.maxTickets) {
      // Oldest first (Map keeps insertion order), so the newest tickets stay usable.
      const oldest = this.tickets.keys().next();
      if (!oldest.done) this.tickets.delete(oldest.value);
    }
    const ticket = randomBytes(24).toString('base64url');
    this.tickets.set(ticket, { userId: holder.userId, userName: holder.userName, scope, expiresAt: now + this.ttlMs });
    return ticket;
  }

  /** The holder, once: the ticket is gone after this call whatever the outcome. */
  redeem(ticket: string, scope: string): TicketHolder | null {
    const found = this.tickets.get(ticket);
    if (!found) return null;
    this.tickets.delete(ticket);
    if (found.scope !== scope || this.clock.now() >= found.expiresAt) return null;
    return { userId: found.userId, userName: found.userName };
  }

  /** Tickets waiting to be redeemed (expired ones included until the next sweep). */
  get size(): number {
    return this.tickets.size;
  }

  private sweep(now: number): void {
    // Insertion order is expiry order (one ttl, a clock that does not go back): stop at the first live one.
    for (const [key, ticket] of this.tickets) {
      if (now < ticket.expiresAt) return;
      this.tickets.delete(key);
    }
  }
}
