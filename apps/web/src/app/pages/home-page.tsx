import { HomeDashboard } from '../../features/dashboard';

/** /index: the console's home, the dashboard of the user's role and setting (SPEC section 2). */
export default function HomePage() {
  return <HomeDashboard />;
}
