import { Button, Group } from '@mantine/core';
import { PAGE_PATHS } from '@app/shared/app-routes';
import {
  IconCalendarEvent,
  IconChartDonut,
  IconFileImport,
  IconLayoutDashboard,
  IconLayoutGrid,
  IconPlus,
} from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { Link } from '../../../components/link';

const LINKS = [
  { label: 'Overview', path: PAGE_PATHS.dashboard, icon: IconLayoutDashboard },
  { label: 'Charts', path: PAGE_PATHS.dashboardCharts, icon: IconChartDonut },
  { label: 'Calendar', path: PAGE_PATHS.dashboardCalendar, icon: IconCalendarEvent },
  { label: 'Widgets', path: PAGE_PATHS.dashboardWidgets, icon: IconLayoutGrid },
  { label: 'Import', path: PAGE_PATHS.dashboardImport, icon: IconFileImport },
  { label: 'Track a purchase', path: PAGE_PATHS.portfolioRegister, icon: IconPlus },
] as const;

/** The dashboard's pages, one tap apart (wraps on a phone). */
export function DashboardNav() {
  const { pathname } = useLocation();
  return (
    <Group gap={6} component="nav" aria-label="Dashboard pages" wrap="wrap">
      {LINKS.map(({ label, path, icon: Icon }) => {
        const current = pathname === path;
        return (
          <Button
            key={path}
            component={Link}
            to={path}
            size="compact-sm"
            variant={current ? 'light' : 'subtle'}
            aria-current={current ? 'page' : undefined}
            leftSection={<Icon size={14} aria-hidden="true" />}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
