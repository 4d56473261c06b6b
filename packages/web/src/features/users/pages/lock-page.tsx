import {
  Anchor,
  Avatar,
  Button,
  CloseButton,
  PasswordInput,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { getStoredUserName } from '../../../lib/session';
import { useLogin } from '../api/login';
import { useLogout } from '../api/logout';
import { safeNextPath, toastAuthError, UNLOCK_NETWORK_ERROR } from '../auth-messages';
import { unlockFormSchema, useAuthForm } from '../auth-validation';
import { AuthCard } from '../components/auth-card';
import { fullName, initials, readStoredUser } from '../stored-user';
import classes from './lock-page.module.css';

/**
 * /lock (spec §2, §4): entering removes the token (it is also revoked on the server) but keeps the
 * user name and data, so the screen greets the user; their password unlocks a new session.
 */
export function LockPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const logout = useLogout();
  const login = useLogin();
  const [account] = useState(() => {
    const user = readStoredUser();
    const username = user?.username ?? getStoredUserName();
    return username === null ? null : { username, user };
  });
  const form = useAuthForm({ schema: unlockFormSchema, initialValues: { password: '' } });
  const locked = useRef(false);

  useEffect(() => {
    if (locked.current) return;
    locked.current = true;
    void logout({ keepUser: true });
  }, [logout]);

  // Nobody to unlock: an ordinary login.
  if (account === null) return <Navigate replace to="/login" />;

  const name = account.user ? fullName(account.user) : account.username;

  const submit = form.onSubmit(({ password }) => {
    login.mutate(
      { email: account.username, password },
      {
        onSuccess: () =>
          void navigate(safeNextPath(searchParams.get('next'), '/'), { replace: true }),
        onError: (failure) => toastAuthError(failure, UNLOCK_NETWORK_ERROR),
      },
    );
  });

  const logOutCompletely = () => {
    void logout().then(() => navigate('/login', { replace: true }));
  };

  return (
    <div className={classes.frame}>
      <Tooltip label="Log out">
        <CloseButton
          className={classes.close}
          size="lg"
          aria-label="Log out"
          onClick={logOutCompletely}
        />
      </Tooltip>
      <AuthCard
        header={
          <Avatar size={84} radius={84} color="blue" variant="filled" className={classes.avatar}>
            {account.user ? initials(account.user) : account.username.slice(0, 2).toUpperCase()}
          </Avatar>
        }
        title={name}
        subtitle={
          <>
            <IconLock size={14} className={classes.lockIcon} aria-hidden="true" /> Your session is
            locked. Enter your password to unlock it.
          </>
        }
      >
        <form onSubmit={submit} noValidate aria-label="Unlock">
          <Stack gap="md">
            {/* Lets password managers pick the right account. */}
            <input
              type="text"
              hidden
              readOnly
              name="username"
              autoComplete="username"
              value={account.username}
            />
            <PasswordInput
              name="password"
              label="Password"
              autoComplete="current-password"
              {...form.getInputProps('password')}
              maxLength={200}
            />
            <Button type="submit" size="md" fullWidth loading={login.isPending}>
              Unlock
            </Button>
            <Text size="sm" c="dimmed" ta="center">
              Not {name}?{' '}
              <Anchor component="button" type="button" size="sm" onClick={logOutCompletely}>
                Log out
              </Anchor>
            </Text>
          </Stack>
        </form>
      </AuthCard>
    </div>
  );
}
