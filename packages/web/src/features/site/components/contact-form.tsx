import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { CONTACT_SUCCESS_MESSAGE, contactRequestSchema } from '@app/shared/api/site';
import type { ContactRequest } from '@app/shared/api/site';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { contactFailureText, useContactSubmit } from '../api/contact';
import type { ContactPrefill } from '../contact-prefill';

/** Spec §5 through the shared schema: each field's first problem, by field name. */
function validate(values: ContactRequest): Partial<Record<keyof ContactRequest, string>> {
  const parsed = contactRequestSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof ContactRequest, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ContactRequest;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The contact form (spec §2): name, email, subject, message; §8 texts on success and failure. */
export function ContactForm({ prefill }: { prefill: ContactPrefill }) {
  const form = useForm<ContactRequest>({
    mode: 'controlled',
    initialValues: { name: '', email: '', subject: prefill.subject, message: prefill.message },
    validate,
    validateInputOnBlur: true,
  });
  const send = useContactSubmit();

  const submit = form.onSubmit((values) => {
    send.mutate(values, {
      onSuccess: () => {
        showSuccessToast(CONTACT_SUCCESS_MESSAGE);
        form.reset();
        form.setValues({ name: '', email: '', subject: '', message: '' });
      },
      onError: (error) => showErrorToast(contactFailureText(error)),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Contact form">
      <Stack gap="md">
        <TextInput label="Name" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <TextInput label="Subject" withAsterisk {...form.getInputProps('subject')} />
        <Textarea
          label="Message"
          withAsterisk
          autosize
          minRows={5}
          maxRows={14}
          {...form.getInputProps('message')}
        />
        <Button
          type="submit"
          loading={send.isPending}
          leftSection={<IconSend size={18} aria-hidden="true" />}
          size="md"
        >
          Send message
        </Button>
      </Stack>
    </form>
  );
}
