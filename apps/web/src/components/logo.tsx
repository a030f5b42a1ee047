/** The product mark, served from /logo.svg so the favicon and the header share one file. */
const LOGO_SIZE = 28;

export function Logo({ size = LOGO_SIZE }: { size?: number }) {
  return <img src="/logo.svg" alt="" width={size} height={size} className="app-logo-mark" />;
}
