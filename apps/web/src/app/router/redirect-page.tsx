import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading';

/**
 * /redirect/{path}: a hop that unmounts the current view and mounts it again at {path}, which is
 * how a tab is refreshed (SPEC section 2).
 */
export function RedirectPage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const target = `/${params['*'] ?? ''}${location.search}${location.hash}`;
  useEffect(() => {
    void navigate(target, { replace: true });
  }, [navigate, target]);
  return <PageLoading />;
}
