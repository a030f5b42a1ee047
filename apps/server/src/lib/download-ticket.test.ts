import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import { DOWNLOAD_TICKET_TTL_MS, DownloadTickets } from './download-ticket.js';

const alice = { userId: 7, userName: 'alice' };

describe('DownloadTickets', () => {
  it('redeems a ticket once, for its holder and scope', () => {
    const tickets = new DownloadTickets(new ManualClock());
    const ticket = tickets.issue(alice, 'device-export');
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(tickets.redeem(ticket, 'device-export')).toEqual(alice);
    expect(tickets.redeem(ticket, 'device-export')).toBeNull();
  });

  it('issues a different ticket every time', () => {
    const tickets = new DownloadTickets(new ManualClock());
    const issued = new Set(Array.from({ length: 50 }, () => tickets.issue(alice, 's')));
    expect(issued.size).toBe(50);
  });

  it('refuses a ticket after its time, and one of another scope (which is spent by the try)', () => {
    const clock = new ManualClock();
    const tickets = new DownloadTickets(clock);
    const late = tickets.issue(alice, 's');
    clock.advance(DOWNLOAD_TICKET_TTL_MS - 1);
    const fresh = tickets.issue(alice, 's');
    expect(tickets.redeem(fresh, 's')).toEqual(alice);
    clock.advance(1);
    expect(tickets.redeem(late, 's')).toBeNull();

    const other = tickets.issue(alice, 'a');
    expect(tickets.redeem(other, 'b')).toBeNull();
    expect(tickets.redeem(other, 'a')).toBeNull();
    expect(tickets.redeem('unknown', 'a')).toBeNull();
  });

  it('drops expired tickets when issuing and keeps at most maxTickets', () => {
    const clock = new ManualClock();
    const tickets = new DownloadTickets(clock, 1000, 3);
    tickets.issue(alice, 's');
    tickets.issue(alice, 's');
    clock.advance(1000);
    const kept = [tickets.issue(alice, 's')];
    expect(tickets.size).toBe(1);
    kept.push(tickets.issue(alice, 's'), tickets.issue(alice, 's'));
    const newest = tickets.issue(alice, 's');
    expect(tickets.size).toBe(3);
    expect(tickets.redeem(kept[0] ?? '', 's')).toBeNull();
    expect(tickets.redeem(newest, 's')).toEqual(alice);
  });
});
