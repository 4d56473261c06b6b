import {
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { PASSWORD_MIN, USERNAME_MIN } from '@app/shared/api/users';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { isPlanId, startCheckout } from '../../../lib/checkout';
import { safeNextPath, toastAuthError } from '../auth-messages';
import { REGISTER_FIELDS, registerFormSchema, useAuthForm } from '../auth-validation';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { RegisterBanners } from '../components/register-banners';

/** /register (spec §2, §5): creates an account, stores the session, opens the profile. */
export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const register = useRegister();
  const referredBy = searchParams.get('user_ref')?.trim() ?? '';
  const form = useAuthForm({
    schema: registerFormSchema,
    initialValues: {
      email: '',
      username: '',
      first_name: '',
      last_name: '',
      password: '',
      referral: searchParams.get('ref')?.trim() ?? '',
      accepted_terms: false,
    },
    // Once a field shows an error, it is re-checked while the visitor fixes it.
    recheckErrorsOnChange: true,
  });
  const next = searchParams.get('next');
  // Spec §6: a visitor who picked a plan registers first, then continues to that plan's checkout.
  const trial = searchParams.get('trial')?.trim();
  const afterRegister = async () => {
    if (isPlanId(trial) && (await startCheckout(trial, { trial: true }))) return;
    // No plan, or the checkout failed (spec §8: logged only): carry on as usual.
    const fallback = isPlanId(trial) ? '/pricing' : '/pages/user';
    await navigate(safeNextPath(next, fallback), { replace: true });
  };
  const loginPath = next ? `/login?next=${encodeURIComponent(next)}` : '/login';

  const field = (name: keyof typeof form.values) => ({ name, ...form.getInputProps(name) });

  const submit = form.onSubmit(
    (values) => {
      register.mutate(
        {
          email: values.email.trim(),
          username: values.username.trim(),
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          password: values.password,
          referral: values.referral.trim(),
        },
        {
          onSuccess: () => void afterRegister(),
          onError: (error) => toastAuthError(error),
        },
      );
    },
    (errors) => {
      const firstInvalid = REGISTER_FIELDS.find((name) => errors[name] !== undefined);
      if (firstInvalid) form.getInputNode(firstInvalid)?.focus();
    },
  );

  return (
    <AuthCard
      title="Create your account"
      subtitle="AI-summarised market news, a watchlist and alerts for the companies you follow."
      size="wide"
    >
      <RegisterBanners searchParams={searchParams} />
      <form onSubmit={submit} noValidate aria-label="Register">
        <Stack gap="md">
          <TextInput
            {...field('email')}
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={254}
            withAsterisk
          />
          <TextInput
            {...field('username')}
            label="Username"
            description={`At least ${USERNAME_MIN} characters: letters, digits, dots, dashes, underscores`}
            autoComplete="username"
            maxLength={40}
            withAsterisk
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              {...field('first_name')}
              label="First name"
              autoComplete="given-name"
              maxLength={80}
              withAsterisk
            />
            <TextInput
              {...field('last_name')}
              label="Last name"
              autoComplete="family-name"
              maxLength={80}
              withAsterisk
            />
          </SimpleGrid>
          <PasswordInput
            {...field('password')}
            label="Password"
            description={`At least ${PASSWORD_MIN} characters`}
            autoComplete="new-password"
            maxLength={200}
            withAsterisk
          />
          <TextInput
            {...field('referral')}
            label="Referral code (optional)"
            description={referredBy ? `Referred by ${referredBy}` : undefined}
            maxLength={40}
          />
          <Checkbox
            {...form.getInputProps('accepted_terms', { type: 'checkbox' })}
            label={
              <>
                I agree to the{' '}
                <Anchor component={Link} to="/terms" inherit>
                  Terms of Service
                </Anchor>{' '}
                and the{' '}
                <Anchor component={Link} to="/privacy" inherit>
                  Privacy Policy
                </Anchor>
              </>
            }
          />
          <Button type="submit" size="md" fullWidth loading={register.isPending}>
            Get Started
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={loginPath}>
              Already have an account?
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
