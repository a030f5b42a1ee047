import type { ViewTitle } from '../views';

/**
 * The tab bar's list of visited views (SPEC section 2 'Layout'), as pure transitions. The home
 * view is fixed to the bar so that closing everything still leaves somewhere to be.
 */
export interface VisitedView {
  /** The route (pathname): one tab per route. */
  path: string;
  /** Pathname + search + hash last seen on that route: where clicking the tab returns. */
  fullPath: string;
  title: ViewTitle;
  affix: boolean;
}

/** Returns the same list when nothing changed, so a re-render does not loop through state. */
export function visit(views: readonly VisitedView[], view: VisitedView): readonly VisitedView[] {
  const index = views.findIndex((v) => v.path === view.path);
  if (index === -1) return [...views, view];
  const current = views[index];
  if (current && current.fullPath === view.fullPath && sameTitle(current.title, view.title)) return views;
  return views.map((v, i) => (i === index ? { ...v, fullPath: view.fullPath, title: view.title } : v));
}

function sameTitle(a: ViewTitle, b: ViewTitle): boolean {
  if (a.type === 'key' && b.type === 'key') return a.key === b.key;
  if (a.type === 'menu' && b.type === 'menu') return a.name === b.name && a.nameEn === b.nameEn;
  return false;
}

export interface Transition {
  views: VisitedView[];
  /** Where to go next; null to stay. */
  navigateTo: string | null;
}

/** Closing the active view moves to its neighbour on the left (or the last one left). */
export function close(views: readonly VisitedView[], path: string, activePath: string): Transition {
  const index = views.findIndex((v) => v.path === path);
  const target = views[index];
  if (!target || target.affix) return { views: [...views], navigateTo: null };
  const rest = views.filter((v) => v.path !== path);
  if (path !== activePath) return { views: rest, navigateTo: null };
  const next = rest[Math.min(index, rest.length) - 1] ?? rest[0];
  return { views: rest, navigateTo: next?.fullPath ?? null };
}

export function closeOthers(views: readonly VisitedView[], path: string): Transition {
  const kept = views.filter((v) => v.affix || v.path === path);
  const target = kept.find((v) => v.path === path);
  return { views: kept, navigateTo: target?.fullPath ?? null };
}

export function closeAll(views: readonly VisitedView[], fallback: string): Transition {
  const kept = views.filter((v) => v.affix);
  return { views: kept, navigateTo: kept.at(-1)?.fullPath ?? fallback };
}
