import { useEffect, useState } from 'react';

const SECOND_MS = 1_000;

/**
 * The page of a rotating list (the wall's stations and alarms): every `seconds` the next of `pages`,
 * back to the first after the last. Rotation off (0 seconds) or one page: always the first.
 */
export function useRotation(pages: number, seconds: number): number {
  const [page, setPage] = useState(0);
  const rotating = seconds > 0 && pages > 1;
  useEffect(() => {
    if (!rotating) return;
    const handle = setInterval(() => setPage((current) => current + 1), seconds * SECOND_MS);
    return () => clearInterval(handle);
  }, [rotating, seconds]);
  return rotating ? page % pages : 0;
}
