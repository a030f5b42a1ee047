/** The project chosen in the header; screens that list devices scope themselves to it. */
const PROJECT_KEY = 'projectId';

export function getSelectedProjectId(): number | null {
  const stored = localStorage.getItem(PROJECT_KEY);
  const id = stored === null ? Number.NaN : Number(stored);
  return Number.isInteger(id) ? id : null;
}

export function setSelectedProjectId(id: number | null): void {
  if (id === null) localStorage.removeItem(PROJECT_KEY);
  else localStorage.setItem(PROJECT_KEY, String(id));
}
