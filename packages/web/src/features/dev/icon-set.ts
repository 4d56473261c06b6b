import type { Icon } from '@tabler/icons-react';
import * as icons from './product-icons';

/** The icon set the product ships (product-icons.ts), by name; the icons page lists them with a filter. */
export const PRODUCT_ICONS: Readonly<Record<string, Icon>> = icons;
