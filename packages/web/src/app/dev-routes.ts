import type { PagePathName } from '@app/shared/app-routes';
import type { PageLoader } from './lazy-page';
import type { PageRouteSpec, RouteSpec } from './route-types';

/*
 * The developer gallery's routes (spec §2): demo pages of our own components for users
 * with my_dev_interface (guard 'dev'; anyone else sees the notice of app/route-guard.tsx).
 * `routes.tsx` spreads them into its table; a name here that PAGE_PATHS lacks fails `tsc`.
 */

function devPage(title: string, page: PageLoader): PageRouteSpec {
  return {
    kind: 'page',
    guard: 'dev',
    page,
    meta: {
      title,
      description: 'Developer gallery: StockPulse components as demo pages.',
      layout: 'main',
    },
  };
}

export const devRouteSpecs = {
  devButtons: devPage('Buttons', () =>
    import('../features/dev/pages/buttons-page').then((m) => m.ButtonsPage),
  ),
  devGridSystem: devPage('Grid system', () =>
    import('../features/dev/pages/grid-system-page').then((m) => m.GridSystemPage),
  ),
  devPanels: devPage('Panels', () =>
    import('../features/dev/pages/panels-page').then((m) => m.PanelsPage),
  ),
  devSweetAlert: devPage('Sweet alert', () =>
    import('../features/dev/pages/sweet-alert-page').then((m) => m.SweetAlertPage),
  ),
  devNotifications: devPage('Notifications', () =>
    import('../features/dev/pages/notifications-page').then((m) => m.NotificationsPage),
  ),
  devIcons: devPage('Icons', () =>
    import('../features/dev/pages/icons-page').then((m) => m.IconsPage),
  ),
  devTypography: devPage('Typography', () =>
    import('../features/dev/pages/typography-page').then((m) => m.TypographyPage),
  ),
  devFormsRegular: devPage('Regular forms', () =>
    import('../features/dev/pages/forms-regular-page').then((m) => m.FormsRegularPage),
  ),
  devFormsExtended: devPage('Extended forms', () =>
    import('../features/dev/pages/forms-extended-page').then((m) => m.FormsExtendedPage),
  ),
  devFormsValidation: devPage('Validation forms', () =>
    import('../features/dev/pages/forms-validation-page').then((m) => m.FormsValidationPage),
  ),
  devFormsWizard: devPage('Wizard', () =>
    import('../features/dev/pages/forms-wizard-page').then((m) => m.FormsWizardPage),
  ),
  devTableRegular: devPage('Regular tables', () =>
    import('../features/dev/pages/table-regular-page').then((m) => m.TableRegularPage),
  ),
  devTableExtended: devPage('Extended tables', () =>
    import('../features/dev/pages/table-extended-page').then((m) => m.TableExtendedPage),
  ),
  devTablePaginated: devPage('Paginated table', () =>
    import('../features/dev/pages/table-paginated-page').then((m) => m.TablePaginatedPage),
  ),
  devMapsGoogle: devPage('Google maps', () =>
    import('../features/dev/pages/maps-pages').then((m) => m.GoogleMapPage),
  ),
  devMapsFullScreen: devPage('Full-screen map', () =>
    import('../features/dev/pages/maps-pages').then((m) => m.FullScreenMapPage),
  ),
  devMapsVector: devPage('Vector map', () =>
    import('../features/dev/pages/maps-pages').then((m) => m.VectorMapPage),
  ),
  devWidgets: devPage('Widgets', () =>
    import('../features/dev/pages/widgets-page').then((m) => m.WidgetsPage),
  ),
  devCharts: devPage('Charts', () =>
    import('../features/dev/pages/charts-page').then((m) => m.ChartsPage),
  ),
  devCalendar: devPage('Calendar', () =>
    import('../features/dev/pages/calendar-page').then((m) => m.CalendarPage),
  ),
  devTimeline: devPage('Timeline', () =>
    import('../features/dev/pages/timeline-page').then((m) => m.TimelinePage),
  ),
} satisfies Partial<Record<PagePathName, RouteSpec>>;
