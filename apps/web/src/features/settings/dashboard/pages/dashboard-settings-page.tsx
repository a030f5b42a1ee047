import { useMemo } from 'react';
import { useSession } from '../../../../app/session-context';
import { ListPage } from '../../../../components/crud/list-page';
import { dashboardList } from '../dashboard-list';

/** Settings › dashboard, from its definition, for the signed-in user (a non-admin configures only themselves). */
export default function DashboardSettingsPage() {
  const { user, isAdmin } = useSession();
  const def = useMemo(
    () => dashboardList({ userId: user.userId, label: `${user.name} (${user.userName})`, isAdmin }),
    [user.userId, user.name, user.userName, isAdmin],
  );
  return <ListPage def={def} />;
}
