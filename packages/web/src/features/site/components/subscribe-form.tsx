import { Button, Group, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { SUBSCRIBE_SUCCESS_MESSAGE, SUBSCRIBING_LABEL } from '@app/shared/api/site';
import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { subscribeFailureText, useSubscribe } from '../api/subscribe';
import classes from './subscribe-form.module.css';

/**
 * Spec §4 subscribe form: idle → 'Subscribing...' → idle; the field is cleared on success and
 * kept on failure; an empty field submits nothing (§5). Texts of §8 as toasts.
 */
export function SubscribeForm({ inverted = false }: { inverted?: boolean }) {
  const [email, setEmail] = useState('');
  const subscribe = useSubscribe();
  const id = useId();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || subscribe.isPending) return;
    subscribe.mutate(value, {
      onSuccess: (message) => {
        setEmail('');
        showSuccessToast(message, SUBSCRIBE_SUCCESS_MESSAGE);
      },
      onError: (error) => showErrorToast(subscribeFailureText(error)),
    });
  };

  return (
    <form
      className={classes.form}
      onSubmit={submit}
      aria-label="Subscribe to weekly market insights"
    >
      <Group gap="xs" wrap="nowrap" className={classes.row}>
        <TextInput
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-label="Your e-mail address"
          leftSection={<IconMail size={18} aria-hidden="true" />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          size="md"
          radius="md"
          className={classes.input}
          data-inverted={inverted || undefined}
        />
        <Button type="submit" size="md" radius="md" color="teal.9">
          {subscribe.isPending ? SUBSCRIBING_LABEL : 'Subscribe'}
        </Button>
      </Group>
    </form>
  );
}
