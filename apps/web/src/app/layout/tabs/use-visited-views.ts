import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_VIEW_PATH, isTransientPath, type ViewInfo } from '../views';
import { close, closeAll, closeOthers, visit, type Transition, type VisitedView } from './visited-views';

const HOME_VIEW: VisitedView = {
  path: HOME_VIEW_PATH,
  fullPath: HOME_VIEW_PATH,
  title: { type: 'key', key: 'layout.pages.home' },
  affix: true,
};

/** Open tabs survive a reload of the browser tab (sessionStorage), not a new sign-in (cleared then). */
const STORAGE_KEY = 'visited-views';

function isVisitedView(value: unknown): value is VisitedView {
  if (typeof value !== 'object' || value === null) return false;
  const view = value as Partial<VisitedView>;
  return typeof view.path === 'string' && typeof view.fullPath === 'string' && typeof view.affix === 'boolean' && typeof view.title === 'object';
}

function restore(): readonly VisitedView[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (Array.isArray(stored) && stored.every(isVisitedView)) {
      return [HOME_VIEW, ...stored.filter((view) => view.path !== HOME_VIEW_PATH)];
    }
  } catch {
    // A damaged entry is ignored: the bar starts with the home tab.
  }
  return [HOME_VIEW];
}

export interface VisitedViews {
  views: readonly VisitedView[];
  activePath: string;
  open(view: VisitedView): void;
  close(view: VisitedView): void;
  closeOthers(view: VisitedView): void;
  closeAll(): void;
  /** Remounts the view through /redirect (SPEC section 2) so it reloads its data. */
  refresh(view: VisitedView): void;
}

export function useVisitedViews(current: ViewInfo | null): VisitedViews {
  const location = useLocation();
  const navigate = useNavigate();
  const [views, setViews] = useState<readonly VisitedView[]>(restore);
  const fullPath = location.pathname + location.search + location.hash;

  // A visit is a navigation: record each location once (while rendering, so the bar is in step with
  // the page). Closing the current tab therefore does not bring it straight back before the move.
  const [recordedKey, setRecordedKey] = useState<string | null>(null);
  if (current && !isTransientPath(location.pathname) && recordedKey !== location.key) {
    setRecordedKey(location.key);
    setViews((list) =>
      visit(list, { path: location.pathname, fullPath, title: current.title, affix: location.pathname === HOME_VIEW_PATH }),
    );
  }

  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(views));
  }, [views]);

  const apply = useCallback(
    (transition: Transition) => {
      setViews(transition.views);
      if (transition.navigateTo) void navigate(transition.navigateTo);
    },
    [navigate],
  );

  return {
    views,
    activePath: location.pathname,
    open: (view) => void navigate(view.fullPath),
    close: (view) => apply(close(views, view.path, location.pathname)),
    closeOthers: (view) => apply(closeOthers(views, view.path)),
    closeAll: () => apply(closeAll(views, HOME_VIEW_PATH)),
    refresh: (view) => void navigate(`/redirect${view.fullPath}`, { replace: true }),
  };
}
