import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { SubmitEvent } from 'react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useRecoveryToken } from '../api/recovery-token';
import { useSetPassword } from '../api/set-password';
import { PASSWORDS_DO_NOT_MATCH, validatePassword } from '../auth-validation';
import { AuthCard } from '../components/auth-card';

export const MISSING_KEY_MESSAGE = 'Missing login credentials';

interface PasswordErrors {
  password?: string;
  confirmation?: string;
}

function RecoveryProblem({ message }: { message: string }) {
  return (
    <AuthCard title="Password recovery">
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden="true" />}>
        {message}
      </Alert>
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/login">
          Request a new recovery link
        </Anchor>
      </Text>
    </AuthCard>
  );
}

/** /password_recovery?key= (spec §2): the link of the recovery e-mail; sets a new password. */
export function PasswordRecoveryPage() {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key')?.trim() || null;
  const exchange = useRecoveryToken(key);
  const setPassword = useSetPassword();
  const navigate = useNavigate();
  const [password, setPasswordValue] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});

  if (key === null) return <RecoveryProblem message={MISSING_KEY_MESSAGE} />;
  if (exchange.isError) return <RecoveryProblem message={exchange.error.message} />;
  if (!exchange.data) {
    return (
      <Center role="status" aria-label="Checking your recovery link">
        <Loader color="white" />
      </Center>
    );
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: PasswordErrors = {
      password: validatePassword(password),
      confirmation: password === confirmation ? undefined : PASSWORDS_DO_NOT_MATCH,
    };
    setErrors(found);
    if (found.password || found.confirmation) return;
    setPassword.mutate(password, {
      onSuccess: () => {
        showSuccessToast('Your new password has been saved.');
        void navigate('/pages/user', { replace: true });
      },
      onError: (error) => showErrorToast(error.message),
    });
  };

  const { first_name: firstName, username } = exchange.data;
  return (
    <AuthCard
      title={`Hi ${firstName || username}`}
      subtitle="Choose a new password for your account. Your other sessions will be logged out."
    >
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack gap="md">
          <input type="text" hidden readOnly autoComplete="username" value={username} />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPasswordValue(event.currentTarget.value)}
            error={errors.password}
            maxLength={200}
            withAsterisk
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.confirmation}
            maxLength={200}
            withAsterisk
          />
          <Button type="submit" size="md" fullWidth loading={setPassword.isPending}>
            Save New Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
