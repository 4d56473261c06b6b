import { PAGE_PATHS } from '@app/shared/app-routes';

/** The gallery's groups and their pages, for the tabs above each demo page. */
export interface GalleryLink {
  label: string;
  path: string;
}

export const GALLERY_GROUPS: Record<string, readonly GalleryLink[]> = {
  Components: [
    { label: 'Buttons', path: PAGE_PATHS.devButtons },
    { label: 'Grid system', path: PAGE_PATHS.devGridSystem },
    { label: 'Panels', path: PAGE_PATHS.devPanels },
    { label: 'Sweet alert', path: PAGE_PATHS.devSweetAlert },
    { label: 'Notifications', path: PAGE_PATHS.devNotifications },
    { label: 'Icons', path: PAGE_PATHS.devIcons },
    { label: 'Typography', path: PAGE_PATHS.devTypography },
  ],
  Forms: [
    { label: 'Regular', path: PAGE_PATHS.devFormsRegular },
    { label: 'Extended', path: PAGE_PATHS.devFormsExtended },
    { label: 'Validation', path: PAGE_PATHS.devFormsValidation },
    { label: 'Wizard', path: PAGE_PATHS.devFormsWizard },
  ],
  Tables: [
    { label: 'Regular', path: PAGE_PATHS.devTableRegular },
    { label: 'Extended', path: PAGE_PATHS.devTableExtended },
    { label: 'Paginated', path: PAGE_PATHS.devTablePaginated },
  ],
  Maps: [
    { label: 'Google', path: PAGE_PATHS.devMapsGoogle },
    { label: 'Full screen', path: PAGE_PATHS.devMapsFullScreen },
    { label: 'Vector map', path: PAGE_PATHS.devMapsVector },
  ],
  Pages: [
    { label: 'Widgets', path: PAGE_PATHS.devWidgets },
    { label: 'Charts', path: PAGE_PATHS.devCharts },
    { label: 'Calendar', path: PAGE_PATHS.devCalendar },
    { label: 'Timeline', path: PAGE_PATHS.devTimeline },
  ],
};

export type GalleryGroup = keyof typeof GALLERY_GROUPS;
