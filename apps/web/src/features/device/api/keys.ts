/**
 * Query keys of the device panel (STYLE.md rule 7). Every key starts with 'devices', so one
 * invalidation after a write refreshes the table, the tree and the map.
 */
export const deviceKeys = {
  all: ['devices'] as const,
};
