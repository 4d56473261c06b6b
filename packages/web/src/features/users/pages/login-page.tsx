import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { showInfoToast } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { useLogout } from '../api/logout';
import { usePasswordRecovery } from '../api/password-recovery';
import { safeNextPath, toastAuthError } from '../auth-messages';
import { loginFormSchema, recoveryRequestFormSchema, useAuthForm } from '../auth-validation';
import { AuthCard } from '../components/auth-card';
import { DemoCredentialsBox } from '../components/demo-credentials-box';

/** /login (spec §2): log in with an e-mail or username, or ask for a password recovery e-mail. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const logout = useLogout();
  const login = useLogin();
  const recovery = usePasswordRecovery();
  const [recoveryMode, setRecoveryMode] = useState(false);
  const form = useAuthForm({
    schema: recoveryMode ? recoveryRequestFormSchema : loginFormSchema,
    initialValues: { email: '', password: '' },
  });
  const loggedOut = useRef(false);
  const next = searchParams.get('next');

  // Spec §4: visiting the login page logs out at once.
  useEffect(() => {
    if (loggedOut.current) return;
    loggedOut.current = true;
    void logout();
  }, [logout]);

  const toggleMode = () => {
    setRecoveryMode((current) => !current);
    form.clearErrors();
  };

  const submit = form.onSubmit(({ email, password }) => {
    const identifier = email.trim();
    if (recoveryMode) {
      recovery.mutate(identifier, {
        onSuccess: () => {
          showInfoToast(`Password recovery instructions have been sent to ${identifier}`);
          setRecoveryMode(false);
        },
        onError: (error) => toastAuthError(error),
      });
      return;
    }
    login.mutate(
      { email: identifier, password },
      {
        onSuccess: () => void navigate(safeNextPath(next, '/'), { replace: true }),
        onError: (error) => toastAuthError(error),
      },
    );
  });

  return (
    <AuthCard
      title={recoveryMode ? 'Recover your password' : 'Welcome back'}
      subtitle={
        recoveryMode
          ? 'Enter your e-mail or username and we will e-mail you a link to choose a new password.'
          : 'Log in to your watchlist, alerts and AI chat.'
      }
    >
      {!recoveryMode && (
        <DemoCredentialsBox
          onUse={(demo) => {
            form.setValues({ email: demo.username, password: demo.password });
            form.clearErrors();
          }}
        />
      )}
      <form onSubmit={submit} noValidate aria-label={recoveryMode ? 'Recover password' : 'Login'}>
        <Stack gap="md">
          <TextInput
            name="email"
            label="Email or username"
            autoComplete="username"
            {...form.getInputProps('email')}
            maxLength={254}
            withAsterisk
          />
          {!recoveryMode && (
            <PasswordInput
              name="password"
              label="Password"
              autoComplete="current-password"
              {...form.getInputProps('password')}
              maxLength={200}
              withAsterisk
            />
          )}
          <Group justify="flex-end" mt={-6}>
            <Anchor component="button" type="button" size="sm" onClick={toggleMode}>
              {recoveryMode ? 'Back to login' : 'Forgot your password?'}
            </Anchor>
          </Group>
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={recoveryMode ? recovery.isPending : login.isPending}
          >
            {recoveryMode ? 'Recover Password' : 'Login'}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            New to StockPulse?{' '}
            <Anchor
              component={Link}
              to={next ? `/register?next=${encodeURIComponent(next)}` : '/register'}
            >
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
