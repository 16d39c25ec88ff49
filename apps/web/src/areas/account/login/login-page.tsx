import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { ACCOUNT_MESSAGES, ROLE_AREAS, type Role, type SessionUser } from '@bazaar/shared';
import { IconHeadset, IconLock, IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-client';
import { useCaptcha } from '../../../api/accounts/captcha';
import { useLogin } from '../../../api/accounts/login';
import { useSession } from '../../../api/accounts/session';
import { CaptchaField } from '../../../components/captcha-field';
import { clearNotifications, notify } from '../../../components/notify';
import { SupportContactModal } from '../../../components/support-contact-modal';
import { TechnicalErrorDialog } from '../../../components/technical-error-dialog';
import { usePageTitle } from '../../../components/use-page-title';
import { forgotPasswordHref, LOGIN_AREAS, safeRedirectPath } from './login-areas';
import { ResendVerificationModal } from './resend-verification-modal';
import { TwoFactorStep } from './two-factor-step';

interface LoginValues {
  identifier: string;
  password: string;
  captchaCode: string;
}

/** A refusal that stays on screen: 403 (email not verified, account disabled) or 429 (locked). */
interface Refusal {
  title: string;
  message: string;
  /** The account exists but its email is not verified yet: offer to mail the link again. */
  canResendVerification: boolean;
}

const TOAST_MS = 3000; // docs/accounts.md

function toastError(message: string) {
  void notify({ color: 'red', message, autoClose: TOAST_MS });
}

function isVerifyEmailRefusal(code: string): boolean {
  return code === 'EMAIL_NOT_VERIFIED';
}

/**
 * The login screen of every role (docs/accounts.md):
 * identifier, password and captcha, `accountsApi.login` with `area` = the role. Failures
 * toast the spec's messages and always bring a new captcha (each is single use); success goes to
 * `?redirect=` when it is a path on this site, else to the role's home. An account with two-step
 * sign-in on answers `twoFactorRequired` and the page asks for the code (TwoFactorStep).
 */
export function LoginPage({ role }: { role: Role }) {
  const area = LOGIN_AREAS[role];
  usePageTitle(area.title);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const captcha = useCaptcha();
  const login = useLogin();
  const { user: signedIn } = useSession();
  const [supportOpened, support] = useDisclosure(false);
  const [resendOpened, resend] = useDisclosure(false);
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [technicalError, setTechnicalError] = useState(false);
  const [codeStep, setCodeStep] = useState(false);

  const form = useForm<LoginValues>({
    mode: 'uncontrolled',
    initialValues: { identifier: '', password: '', captchaCode: '' },
  });

  const failed = (message: string | null) => {
    if (message) toastError(message);
    form.setFieldValue('captchaCode', '');
    captcha.refresh();
  };

  const signedInAs = (user: SessionUser) => {
    // The failed attempts' toasts would otherwise cover the area's header.
    void clearNotifications();
    const redirect = safeRedirectPath(searchParams.get('redirect'));
    void navigate(redirect ?? user.homePath, { replace: true });
  };

  const restartSignIn = (message: string) => {
    setCodeStep(false);
    form.setFieldValue('password', '');
    failed(null);
    if (message) {
      setRefusal({ title: 'Please log in again', message, canResendVerification: false });
    }
  };

  const handleSubmit = form.onSubmit((values) => {
    setInlineError(null);
    setRefusal(null);
    const identifier = values.identifier.trim();
    if (identifier === '' || values.password === '') {
      toastError(ACCOUNT_MESSAGES.loginInvalid);
      if (role === 'support_admin') setInlineError(ACCOUNT_MESSAGES.supportAdminLoginInline);
      return;
    }
    if (values.captchaCode.trim() === '' || !captcha.captchaId) {
      toastError(ACCOUNT_MESSAGES.loginCaptchaInvalid);
      return;
    }
    login.mutate(
      {
        area: role,
        identifier,
        password: values.password,
        captchaId: captcha.captchaId,
        captchaCode: values.captchaCode.trim(),
      },
      {
        onSuccess: (answer) => {
          if ('user' in answer) {
            signedInAs(answer.user);
          } else {
            void clearNotifications();
            setCodeStep(true);
          }
        },
        onError: (error) => {
          if (!isApiError(error) || error.status === 0 || error.status >= 500) {
            failed(null);
            setTechnicalError(true);
          } else if (error.status === 400 && error.fields?.captchaCode) {
            failed(ACCOUNT_MESSAGES.loginCaptchaInvalid);
          } else if (error.status === 401) {
            failed(ACCOUNT_MESSAGES.loginInvalid);
            if (role === 'support_admin') setInlineError(ACCOUNT_MESSAGES.supportAdminLoginInline);
          } else if (error.status === 403 || error.status === 429) {
            failed(error.message);
            const verify = error.status === 403 && isVerifyEmailRefusal(error.code);
            setRefusal({
              title: verify
                ? 'Verify your email first'
                : error.status === 429
                  ? 'Please wait before trying again'
                  : 'You cannot log in',
              message: error.message,
              canResendVerification: verify,
            });
          } else {
            failed(error.message);
          }
        },
      },
    );
  });

  const typedIdentifier = form.getValues().identifier.trim();

  return (
    <Container size={460} py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <Stack gap={4} mb="lg">
          <Group gap="xs">
            <IconLock size={24} color="var(--mantine-color-grape-8)" aria-hidden="true" />
            <Title order={1} fz="h2">
              {area.title}
            </Title>
          </Group>
          <Text c="dimmed" fz="sm">
            {area.subtitle}
          </Text>
        </Stack>

        {signedIn && !login.isPending && !login.isSuccess && !codeStep && (
          <Alert color="grape" variant="light" mb="md" title="You are already logged in">
            <Text fz="sm">
              As {signedIn.name} ({ROLE_AREAS[signedIn.role].label.toLowerCase()}). Logging in here
              switches to the other account.
            </Text>
            <Anchor component={Link} to={signedIn.homePath} fz="sm" fw={600}>
              {signedIn.role === 'customer' ? 'Continue shopping' : 'Go to your area'}
            </Anchor>
          </Alert>
        )}

        {refusal && (
          <Alert color="orange" variant="light" mb="md" role="alert" title={refusal.title}>
            <Text fz="sm">{refusal.message}</Text>
            {refusal.canResendVerification && (
              <Button size="xs" variant="outline" color="orange" mt="sm" onClick={resend.open}>
                Resend verification email
              </Button>
            )}
          </Alert>
        )}

        {codeStep && (
          <TwoFactorStep
            onSignedIn={signedInAs}
            onRestart={restartSignIn}
            onTechnicalError={() => setTechnicalError(true)}
          />
        )}

        <form onSubmit={handleSubmit} noValidate hidden={codeStep}>
          <Stack gap="sm">
            <TextInput
              label={area.identifierLabel}
              placeholder={
                area.identifierLabel === 'Email' ? 'you@example.com' : 'Email or 10-digit mobile'
              }
              autoComplete="username"
              type={area.identifierLabel === 'Email' ? 'email' : 'text'}
              withAsterisk
              key={form.key('identifier')}
              {...form.getInputProps('identifier')}
            />
            <PasswordInput
              label="Password"
              placeholder="Your password"
              autoComplete="current-password"
              withAsterisk
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <CaptchaField
              captcha={captcha}
              key={form.key('captchaCode')}
              {...form.getInputProps('captchaCode')}
            />
            {inlineError && (
              <Text c="red.8" fz="sm" fw={600} role="alert">
                {inlineError}
              </Text>
            )}
            <Button
              type="submit"
              size="md"
              fullWidth
              mt="xs"
              loading={login.isPending}
              leftSection={<IconLogin2 size={18} />}
            >
              Login
            </Button>
            <Group justify="space-between" gap="xs">
              <Anchor component={Link} to={forgotPasswordHref(role)} fz="sm">
                Forgot password?
              </Anchor>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconHeadset size={16} />}
                onClick={support.open}
              >
                Support
              </Button>
            </Group>
          </Stack>
        </form>

        {area.links.length > 0 && (
          <Stack
            gap={4}
            mt="lg"
            pt="md"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            {area.links.map((link) => (
              <Text key={link.to} fz="sm" c="dimmed">
                {link.prompt}{' '}
                <Anchor component={Link} to={link.to} fw={600} fz="sm">
                  {link.label}
                </Anchor>
              </Text>
            ))}
          </Stack>
        )}
      </Paper>

      <SupportContactModal opened={supportOpened} onClose={support.close} />
      <ResendVerificationModal
        opened={resendOpened}
        onClose={resend.close}
        initialEmail={typedIdentifier.includes('@') ? typedIdentifier : ''}
      />
      <TechnicalErrorDialog opened={technicalError} onClose={() => setTechnicalError(false)} />
    </Container>
  );
}
