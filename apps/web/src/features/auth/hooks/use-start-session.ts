import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { tokenStore } from '../../../lib/token';

/**
 * Starts a session with a new token and goes where the user was headed. Cached server state of
 * any earlier session is dropped first; the public console configuration stays.
 */
export function useStartSession(): (token: string, to: string) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (token, to) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
    // Per-tab UI state (the open tabs) belonged to the previous sign-in.
    sessionStorage.clear();
    tokenStore.set(token);
    void navigate(to, { replace: true });
  };
}
