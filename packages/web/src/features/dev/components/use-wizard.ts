import { useCallback, useState } from 'react';
import { wizardMove, wizardTabStates } from '../rules';
import type { WizardTabState } from '../rules';

export interface WizardOptions<T> {
  steps: number;
  initialValues: T;
  /** The validation hook: the errors of `step` for these values (empty when it is valid). */
  validate: (step: number, values: T) => Partial<Record<keyof T, string>>;
}

/** Spec §4 wizard: values, the current step, its errors and the tab states (checked/active). */
export function useWizard<T extends object>({ steps, initialValues, validate }: WizardOptions<T>) {
  const [values, setValues] = useState<T>(initialValues);
  const [active, setActive] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});

  const goTo = useCallback(
    (target: number) => {
      let found: Partial<Record<keyof T, string>> = {};
      const next = wizardMove(active, target, steps, (step) => {
        found = validate(step, values);
        return Object.keys(found).length === 0;
      });
      setErrors(found);
      setActive(next);
    },
    [active, steps, validate, values],
  );

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }, []);

  const tabs: WizardTabState[] = wizardTabStates(steps, active);
  return {
    values,
    errors,
    active,
    tabs,
    set,
    goTo,
    next: () => goTo(active + 1),
    back: () => goTo(active - 1),
  };
}
