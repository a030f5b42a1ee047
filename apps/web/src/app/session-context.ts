import { createContext, useContext } from 'react';
import type { UserInfo } from '@envmon/shared';
import type { MenuGroup } from './menu/build-menu';

/** What the console knows about the signed-in user once user info has loaded. */
export interface Session {
  user: UserInfo;
  roleNames: string[];
  isAdmin: boolean;
  menu: MenuGroup[];
  codes: ReadonlySet<string>;
  /** Where '/' lands: the first page of the first generated route. */
  landingPath: string | null;
}

const SessionContext = createContext<Session | null>(null);
export const SessionProvider = SessionContext;

/** Inside the signed-in part of the console the session is always there. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is only available behind the navigation guard');
  return session;
}
