import { Switch } from '@mantine/core';
import type { AdminSettableKey, User } from '@app/shared/api/users';
import { useAdminUpdate } from '../api/admin-update';
import { ADMIN_TOGGLES } from './admin-columns';

export interface AdminToggleProps {
  user: User;
  property: AdminSettableKey;
  disabled?: boolean;
}

/** One property of one user, saved on change ('Saved ' toast); shows the new state while saving. */
export function AdminToggle({ user, property, disabled = false }: AdminToggleProps) {
  const update = useAdminUpdate();
  const checked = update.isPending ? update.variables.value : user[property];
  return (
    <Switch
      size="sm"
      aria-label={`${ADMIN_TOGGLES[property].label} for ${user.username}`}
      checked={checked}
      disabled={disabled || update.isPending}
      onChange={(event) =>
        update.mutate({
          username: user.username,
          key: property,
          value: event.currentTarget.checked,
        })
      }
    />
  );
}
