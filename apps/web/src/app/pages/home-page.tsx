import { Overview } from './overview';

/** /index: the console's home (SPEC section 2). */
export default function HomePage() {
  return <Overview />;
}
