import { QueryClient } from '@tanstack/react-query';

/**
 * The api client already tells the user about every failure, so a retry would only repeat the
 * toast; screens refetch when they mount (a tab's refresh remounts it).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
