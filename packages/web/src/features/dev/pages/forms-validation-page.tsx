import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { showSuccessToast } from '../../../lib/toast';
import { DemoSection, GalleryPage } from '../components/gallery-page';
import { confirmationError, integerError, passwordError, rangeError, urlError } from '../rules';

interface ValidationValues {
  password: string;
  confirmation: string;
  integer: string;
  url: string;
  range: string;
}

export const RANGE_MIN = 1;
export const RANGE_MAX = 10;

/** Spec §5 rules of the demo forms, field by field (rules.ts holds them and their tests). */
export function validateDemoForm(values: ValidationValues) {
  return {
    password: passwordError(values.password),
    confirmation: confirmationError(values.password, values.confirmation),
    integer: integerError(values.integer),
    url: urlError(values.url),
    range: rangeError(values.range, RANGE_MIN, RANGE_MAX),
  };
}

export function FormsValidationPage() {
  const form = useForm<ValidationValues>({
    initialValues: { password: '', confirmation: '', integer: '', url: '', range: '' },
    validate: validateDemoForm,
    validateInputOnBlur: true,
  });
  return (
    <GalleryPage
      group="Forms"
      title="Validation forms"
      intro="Spec §5's demo rules with @mantine/form as the product's forms use it: password of at least 5 characters and its confirmation, integer, url and min/max. Errors show when a field is left."
    >
      <DemoSection id="forms-validation" title="Validated form">
        <form
          noValidate
          onSubmit={form.onSubmit(() => {
            showSuccessToast('Every field is valid.', 'Validation');
          })}
        >
          <Stack gap="sm" maw={720}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <PasswordInput
                label="Password"
                description="At least 5 characters"
                {...form.getInputProps('password')}
              />
              <PasswordInput label="Confirm password" {...form.getInputProps('confirmation')} />
              <TextInput label="Integer" inputMode="numeric" {...form.getInputProps('integer')} />
              <TextInput label="Url" placeholder="https://…" {...form.getInputProps('url')} />
              <TextInput
                label={`Number from ${RANGE_MIN} to ${RANGE_MAX}`}
                inputMode="decimal"
                {...form.getInputProps('range')}
              />
            </SimpleGrid>
            <Group>
              <Button type="submit">Validate</Button>
              <Button variant="default" onClick={() => form.reset()}>
                Reset
              </Button>
            </Group>
          </Stack>
        </form>
      </DemoSection>
    </GalleryPage>
  );
}
