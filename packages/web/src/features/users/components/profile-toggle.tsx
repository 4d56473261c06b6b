import { Switch } from '@mantine/core';
import { useSetUserValue } from '../api/set-user-value';
import { PROFILE_FLAGS } from '../profile-fields';
import type { UserFlagKey } from '../profile-fields';

/** One preference switch: saved as soon as it changes, shown in its new state while saving. */
export function ProfileToggle({ flag, checked }: { flag: UserFlagKey; checked: boolean }) {
  const save = useSetUserValue();
  const display = PROFILE_FLAGS[flag];
  const pendingValue = save.isPending ? save.variables.value : undefined;
  return (
    <Switch
      name={flag}
      label={display.label}
      description={display.description}
      checked={typeof pendingValue === 'boolean' ? pendingValue : checked}
      onChange={(event) => save.mutate({ key: flag, value: event.currentTarget.checked })}
      disabled={save.isPending}
      size="md"
    />
  );
}
