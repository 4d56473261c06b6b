import { Anchor, Switch, Text } from '@mantine/core';
import { Link } from '../../../components/link';
import { useSetUserValue } from '../api/set-user-value';
import { PROFILE_FLAGS } from '../profile-fields';
import type { UserFlagKey } from '../profile-fields';

/**
 * One preference switch: saved as soon as it changes, shown in its new state while saving. A
 * notification the user's plan lacks (`plan`: the plan that includes it) is shown, not hidden:
 * disabled with that plan and an upgrade link, except while it is on, so it can be turned off.
 */
export function ProfileToggle({
  flag,
  checked,
  plan,
}: {
  flag: UserFlagKey;
  checked: boolean;
  plan?: string | undefined;
}) {
  const save = useSetUserValue();
  const display = PROFILE_FLAGS[flag];
  const pendingValue = save.isPending ? save.variables.value : undefined;
  const value = typeof pendingValue === 'boolean' ? pendingValue : checked;
  const locked = plan !== undefined && !value;
  return (
    <Switch
      name={flag}
      label={display.label}
      description={
        plan === undefined ? (
          display.description
        ) : (
          <>
            {display.description}{' '}
            <Text span size="xs" fw={600} c="var(--mantine-color-text)">
              {plan === 'Basic' ? 'In Basic and above' : `In ${plan}`}, not in your plan.
            </Text>{' '}
            <Anchor
              component={Link}
              to="/pricing"
              size="xs"
              aria-label={`Upgrade for ${display.label}`}
            >
              Upgrade
            </Anchor>
          </>
        )
      }
      checked={value}
      onChange={(event) => save.mutate({ key: flag, value: event.currentTarget.checked })}
      disabled={save.isPending || locked}
      size="md"
    />
  );
}
