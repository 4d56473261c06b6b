import { notifications } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { recordSessionError } from './session-store';

/**
 * Spec §8/§9: toasts sit bottom-right; failures are red ("danger") with a bell icon, notices blue
 * ("info").
 */
const POSITION = 'bottom-right';

export function showErrorToast(message: string, title?: string): void {
  recordSessionError(message);
  notifications.show({
    color: 'red',
    title,
    message,
    position: POSITION,
    autoClose: 6000,
    icon: <IconBell size={18} aria-hidden />,
  });
}

export function showInfoToast(message: string, title?: string): void {
  notifications.show({ color: 'blue', title, message, position: POSITION });
}

export function showSuccessToast(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, position: POSITION });
}
