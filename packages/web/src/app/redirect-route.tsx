import { Navigate, useLocation, useParams } from 'react-router';
import type { RedirectRouteEntry } from './route-types';

export function RedirectRoute({ to }: { to: RedirectRouteEntry['to'] }) {
  const params = useParams();
  const { search, hash } = useLocation();
  return <Navigate replace to={to({ params, searchParams: new URLSearchParams(search), hash })} />;
}
