import { Button, Group, Paper, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { showSuccessToast } from '../../../lib/toast';
import { DemoSection, GalleryPage } from '../components/gallery-page';
import { useWizard } from '../components/use-wizard';
import { requiredError, zipError } from '../rules';

interface WizardValues {
  firstName: string;
  lastName: string;
  street: string;
  zip: string;
}

const STEPS = ['About you', 'Address', 'Done'] as const;

/** Each step's fields and their rules: the wizard's validation hook asks these before moving on. */
function stepErrors(
  step: number,
  values: WizardValues,
): Partial<Record<keyof WizardValues, string>> {
  const errors: Partial<Record<keyof WizardValues, string | null>> =
    step === 0
      ? {
          firstName: requiredError(values.firstName, 'First name'),
          lastName: requiredError(values.lastName, 'Last name'),
        }
      : step === 1
        ? { street: requiredError(values.street, 'Street'), zip: zipError(values.zip) }
        : {};
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error));
}

export function FormsWizardPage() {
  const wizard = useWizard<WizardValues>({
    steps: STEPS.length,
    initialValues: { firstName: '', lastName: '', street: '', zip: '' },
    validate: stepErrors,
  });
  const { values, errors, active, tabs } = wizard;
  return (
    <GalleryPage
      group="Forms"
      title="Wizard"
      intro="Spec §4: the tabs show steps passed as checked and the current one as active; a validation hook keeps the wizard on a step until it is valid (zip code at least 6 characters, spec §5)."
    >
      <DemoSection id="forms-wizard" title="Three-step wizard">
        <Paper withBorder radius="lg" p="lg" maw={720}>
          <Stepper active={active} onStepClick={wizard.goTo} allowNextStepsSelect={false} size="sm">
            {STEPS.map((label, index) => (
              <Stepper.Step
                key={label}
                label={label}
                data-state={tabs[index]}
                completedIcon={<IconCheck size={16} />}
              />
            ))}
          </Stepper>
          <Stack gap="sm" mt="lg">
            {active === 0 && (
              <>
                <TextInput
                  label="First name"
                  value={values.firstName}
                  error={errors.firstName}
                  onChange={(event) => wizard.set('firstName', event.currentTarget.value)}
                />
                <TextInput
                  label="Last name"
                  value={values.lastName}
                  error={errors.lastName}
                  onChange={(event) => wizard.set('lastName', event.currentTarget.value)}
                />
              </>
            )}
            {active === 1 && (
              <>
                <TextInput
                  label="Street"
                  value={values.street}
                  error={errors.street}
                  onChange={(event) => wizard.set('street', event.currentTarget.value)}
                />
                <TextInput
                  label="Zip code"
                  description="At least 6 characters"
                  value={values.zip}
                  error={errors.zip}
                  onChange={(event) => wizard.set('zip', event.currentTarget.value)}
                />
              </>
            )}
            {active === 2 && (
              <Text size="sm">
                Thank you, {values.firstName} {values.lastName}. Every step is checked.
              </Text>
            )}
            <Group justify="space-between" mt="sm">
              <Button variant="default" onClick={wizard.back} disabled={active === 0}>
                Back
              </Button>
              {active < STEPS.length - 1 ? (
                <Button onClick={wizard.next}>Next</Button>
              ) : (
                <Button color="teal" onClick={() => showSuccessToast('The wizard is complete.')}>
                  Finish
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      </DemoSection>
    </GalleryPage>
  );
}
