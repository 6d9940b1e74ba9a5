import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useBlocker, useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { isLoginPath, isPublicPath, LOGIN_PATH } from '../lib/routes';
import { forgetSignOutTarget, guardLoginPath, registerNavigate } from '../lib/session-actions';
import { useSessionStore } from '../stores/session';

/**
 * The access guard of spec §2: without a stored token every route except login, admin login, register
 * and reset password goes to /login; a navigation from a login screen to that same login screen is
 * blocked (it would only wipe what the user has typed).
 */
export function RootLayout() {
  const token = useSessionStore((s) => s.token);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => registerNavigate((to, options) => navigate(to, options)), [navigate]);
  // The address the rendered screen belongs to, once it has rendered (the address bar changes first,
  // while a screen's code is still loading): what a browser journey waits for after moving in the app.
  useEffect(() => {
    document.documentElement.dataset.location = location.pathname + location.search;
  }, [location.pathname, location.search]);
  useEffect(() => {
    if (token) forgetSignOutTarget();
  }, [token]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isLoginPath(currentLocation.pathname) && currentLocation.pathname === nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);

  if (location.pathname.startsWith('/login/') && !isLoginPath(location.pathname)) {
    return <Navigate to={LOGIN_PATH} replace />;
  }
  if (!token && !isPublicPath(location.pathname)) {
    return <Navigate to={guardLoginPath()} replace state={{ from: location.pathname + location.search }} />;
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
