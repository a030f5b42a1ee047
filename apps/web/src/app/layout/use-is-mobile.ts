import { useEffect, useState } from 'react';
import { LIMITS } from '@envmon/shared';

/** Below the spec's breakpoint of body width the console switches to mobile mode (SPEC section 4). */
function measure(): boolean {
  return document.body.getBoundingClientRect().width < LIMITS.mobileBreakpoint;
}

export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(measure);
  useEffect(() => {
    const update = () => setMobile(measure());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return mobile;
}
