import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useRecoveryToken } from '../api/recovery-token';
import { useSetPassword } from '../api/set-password';
import { newPasswordFormSchema, useAuthForm } from '../auth-validation';
import { AuthCard } from '../components/auth-card';

export const MISSING_KEY_MESSAGE = 'Missing login credentials';

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
  const form = useAuthForm({
    schema: newPasswordFormSchema,
    initialValues: { password: '', confirmation: '' },
  });

  if (key === null) return <RecoveryProblem message={MISSING_KEY_MESSAGE} />;
  if (exchange.isError) return <RecoveryProblem message={exchange.error.message} />;
  if (!exchange.data) {
    return (
      <Center role="status" aria-label="Checking your recovery link">
        <Loader color="white" />
      </Center>
    );
  }

  const submit = form.onSubmit(({ password }) => {
    setPassword.mutate(password, {
      onSuccess: () => {
        showSuccessToast('Your new password has been saved.');
        void navigate('/pages/user', { replace: true });
      },
      onError: (error) => showErrorToast(error.message),
    });
  });

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
            {...form.getInputProps('password')}
            maxLength={200}
            withAsterisk
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.getInputProps('confirmation')}
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
