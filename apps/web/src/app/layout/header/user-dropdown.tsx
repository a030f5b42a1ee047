import { Avatar, Dropdown } from 'antd';
import { AppstoreOutlined, HomeOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../../../features/auth';
import { GALLERY_PATHS } from '../../../features/gallery';
import { useSession } from '../../session-context';

type Action = 'home' | 'password' | 'gallery' | 'logout';

/** Signs out on the server, then clears local storage (and this tab's open tabs) and reloads (SPEC section 4). */
export async function logOutAndReload(): Promise<void> {
  await logout();
  localStorage.clear();
  sessionStorage.clear();
  window.location.reload();
}

export function UserDropdown({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isAdmin } = useSession();
  const displayName = user.nackName || user.name || user.userName;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'home', icon: <HomeOutlined />, label: t('layout.user.home') },
          { key: 'password', icon: <LockOutlined />, label: t('layout.user.changePassword') },
          // The template gallery is the administrator's (the guard refuses it to others).
          ...(isAdmin ? [{ key: 'gallery', icon: <AppstoreOutlined />, label: t('layout.header.gallery') }] : []),
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('layout.user.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          const action = key as Action;
          switch (action) {
            case 'home':
              void navigate('/index');
              return;
            case 'password':
              void navigate('/pwd');
              return;
            case 'gallery':
              void navigate(GALLERY_PATHS.components);
              return;
            case 'logout':
              void logOutAndReload();
              return;
          }
        },
      }}
    >
      <button type="button" className="app-user-button" aria-label={t('layout.header.user')} data-testid="user-menu">
        <Avatar size="small" src={user.avatar ?? undefined} icon={<UserOutlined />} />
        {!compact && <span className="app-user-name">{displayName}</span>}
      </button>
    </Dropdown>
  );
}
