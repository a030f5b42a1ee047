import { useSession } from '../../../app/session-context';

/**
 * Where the menu puts a screen (resource code → its route) for this user; undefined when their roles do not
 * reach it, so a figure links to the screen it comes from only for those who may open it.
 */
export function usePagePath(code: string): string | undefined {
  const { menu } = useSession();
  return menu.flatMap((group) => group.pages).find((page) => page.code === code)?.path;
}
