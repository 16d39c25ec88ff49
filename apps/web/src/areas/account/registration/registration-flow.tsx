import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { ACCOUNT_MESSAGES, MESSAGES, ROLE_AREAS, type EmailAvailability } from '@bazaar/shared';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-client';
import { useCaptcha } from '../../../api/accounts/captcha';
import { emailAvailabilityKeys } from '../../../api/accounts/email-availability';
import { useRegisterCustomer } from '../../../api/accounts/register-customer';
import { useRegisterSeller } from '../../../api/accounts/register-seller';
import { PATHS } from '../../../config/site';
import { AccountSetupStep } from './account-setup-step';
import { AddressFields } from '../../../components/address-fields';
import { CaptchaStep } from './captcha-step';
import { emailProblem, normalEmail, pincodeProblem } from './checks';
import { ContactInfoStep } from './contact-info-step';
import classes from './registration-flow.module.css';
import {
  EMPTY_REGISTRATION,
  fieldErrors,
  formFieldOf,
  formRules,
  stepsFor,
  toCustomerRegistration,
  toSellerRegistration,
  withFieldErrors,
  type RegistrationField,
  type RegistrationValues,
  type StepDefinition,
  type StepId,
} from './registration-form';
import { RegistrationResult } from './registration-result';
import { ShopDetailsFields } from './shop-details-fields';
import { useRegistrationOtp } from './use-registration-otp';
import { VerificationStep } from './verification-step';

type Kind = 'customer' | 'seller';

/** What moves with the visitor between the customer and seller forms (no passwords, no name). */
export type RegistrationDraft = Partial<
  Pick<
    RegistrationValues,
    'email' | 'mobile' | 'gender' | 'locality' | 'landmark' | 'city' | 'pincode'
  >
>;

/** The fields a draft may carry (also what the page accepts from the history state). */
export const DRAFT_FIELDS = [
  'email',
  'mobile',
  'gender',
  'locality',
  'landmark',
  'city',
  'pincode',
] as const;

const OTP_NOT_REQUESTED = ACCOUNT_MESSAGES.otpSendFirst;

/** A captcha older than this is replaced when the visitor reaches the captcha step (it lives 5 minutes). */
const CAPTCHA_FRESH_MS = 4 * 60_000;

/** True when a captcha that arrived at `arrivedAt` (ms) may expire before the visitor answers it. */
function isStale(arrivedAt: number): boolean {
  return Date.now() - arrivedAt > CAPTCHA_FRESH_MS;
}

const ALL_FIELDS = Object.keys(EMPTY_REGISTRATION) as RegistrationField[];

const KIND_OPTIONS = [
  { value: 'customer', label: 'Customer' },
  { value: 'seller', label: 'Seller (register your shop)' },
];

/**
 * The registration flow of customers and sellers (marketplace.md sections 2-5, docs/accounts.md):
 * Account Setup, Contact Info, Address Details, Shop Details (sellers), Captcha (and the emailed
 * OTP for sellers), then Verification with an Edit per section, and Submit. Each Next checks its
 * step with the shared schemas (and asks the server whether the email is free and the pincode in
 * Bihar); a refused submit puts the server's messages under their fields and opens the first step
 * with one. Nothing typed is lost on the way.
 */
export function RegistrationFlow({ kind, draft }: { kind: Kind; draft?: RegistrationDraft }) {
  const steps = stepsFor(kind);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const captcha = useCaptcha();
  const otp = useRegistrationOtp();
  const registerCustomer = useRegisterCustomer();
  const registerSeller = useRegisterSeller();
  const [active, setActive] = useState(0);
  const [reviewed, setReviewed] = useState(false);
  const [checking, setChecking] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [resultMessage, setResultMessage] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const stepperRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const captchaArrivedAt = useRef(0);

  const form = useForm<RegistrationValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY_REGISTRATION, ...draft },
    validate: formRules(kind, ALL_FIELDS),
    validateInputOnBlur: true,
  });

  useEffect(() => {
    captchaArrivedAt.current = Date.now();
  }, [captcha.captchaId]);

  // After a move between steps, the new step's heading takes the focus (and the screen reader's
  // attention); the first render leaves the focus alone.
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus({ preventScroll: true });
    // Scrolled down (a long step, or a phone): bring the stepper back from under the sticky
    // header, whose height is the stepper's scroll margin.
    const stepper = stepperRef.current;
    if (
      stepper &&
      stepper.getBoundingClientRect().top < parseFloat(getComputedStyle(stepper).scrollMarginTop)
    ) {
      stepper.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [active]);

  const step = steps[active] ?? steps[0]!;
  const values = form.values;
  const email = normalEmail(values.email);
  const submitting = registerCustomer.isPending || registerSeller.isPending;

  const goTo = (index: number) => {
    moved.current = true;
    setSubmitError(null);
    if (steps[index]?.id === 'captcha' && isStale(captchaArrivedAt.current)) {
      form.setFieldValue('captchaCode', '');
      captcha.refresh();
    }
    setActive(index);
  };

  const focusFirstError = () => {
    window.requestAnimationFrame(() => {
      panelRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  /** The messages that keep the visitor on `target`, including the server's email and pincode answers. */
  const errorsOf = async (target: StepDefinition): Promise<FormErrors> => {
    const current = form.getValues();
    const errors = fieldErrors(kind, target.fields, current);
    const [emailTaken, pincodeRefused] = await Promise.all([
      target.id === 'account' && !errors.email ? emailProblem(queryClient, current.email) : null,
      target.id === 'address' && !errors.pincode
        ? pincodeProblem(queryClient, current.pincode)
        : null,
    ]);
    if (emailTaken) errors.email = emailTaken;
    if (pincodeRefused) errors.pincode = pincodeRefused;
    if (target.id === 'captcha' && kind === 'seller' && otp.sentTo !== normalEmail(current.email)) {
      errors.otp = OTP_NOT_REQUESTED;
    }
    return errors;
  };

  /** Checks the steps from `from` to the one before Verification; opens the first that fails. */
  const checkSteps = async (from: number): Promise<boolean> => {
    setChecking(true);
    try {
      for (let index = from; index < steps.length - 1; index++) {
        const target = steps[index]!;
        const errors = await errorsOf(target);
        form.setErrors((previous) => withFieldErrors(previous, target.fields, errors));
        if (Object.keys(errors).length > 0) {
          if (index !== active) goTo(index);
          focusFirstError();
          return false;
        }
      }
      return true;
    } finally {
      setChecking(false);
    }
  };

  const handleNext = async () => {
    setChecking(true);
    const errors = await errorsOf(step).finally(() => setChecking(false));
    form.setErrors((previous) => withFieldErrors(previous, step.fields, errors));
    if (Object.keys(errors).length > 0) {
      focusFirstError();
      return;
    }
    if (active + 1 === steps.length - 1) setReviewed(true);
    goTo(active + 1);
  };

  /** From a step opened with Edit straight back to Verification, if every step is still valid. */
  const handleBackToSummary = async () => {
    if (await checkSteps(0)) goTo(steps.length - 1);
  };

  const handleEdit = (target: StepId) => {
    goTo(steps.findIndex((candidate) => candidate.id === target));
  };

  const stepOfField = (field: RegistrationField) =>
    steps.findIndex((candidate) => candidate.fields.includes(field));

  /** A refused submit: messages under their fields, the first such step opened, a new captcha. */
  const handleFailure = (error: unknown) => {
    form.setFieldValue('captchaCode', ''); // each captcha answers once
    captcha.refresh();

    if (!isApiError(error)) {
      setSubmitError(MESSAGES.technicalError);
      return;
    }
    const fieldMessages: FormErrors = {};
    const otherMessages: string[] = [];
    if (error.fields && Object.keys(error.fields).length > 0) {
      // 400 (a field refused), 409 (email or mobile taken), 413 (image too large)
      for (const [serverField, message] of Object.entries(error.fields)) {
        const field = formFieldOf(serverField);
        if (field) fieldMessages[field] = message;
        else otherMessages.push(message);
      }
    } else if (error.status === 409) {
      fieldMessages.email = ACCOUNT_MESSAGES.emailTaken;
    } else if ((error.status === 413 || error.status === 415) && kind === 'seller') {
      fieldMessages.shopImage = error.message; // the image was refused by its size or content
    } else {
      setSubmitError(error.message);
      return;
    }
    if (error.status === 409 && fieldMessages.email && email) {
      // The live check on Account Setup shows it too, until the email is changed.
      queryClient.setQueryData<EmailAvailability>(emailAvailabilityKeys.one(email), {
        available: false,
        emailStatus: 'exist',
      });
    }

    form.setErrors((previous) => ({ ...previous, ...fieldMessages }));
    const firstStep = Math.min(
      ...Object.keys(fieldMessages)
        .map((field) => stepOfField(field as RegistrationField))
        .filter((index) => index >= 0),
    );
    if (Number.isFinite(firstStep)) {
      goTo(firstStep);
      focusFirstError();
    }
    if (otherMessages.length > 0 || Object.keys(fieldMessages).length === 0) {
      setSubmitError(otherMessages.join(' ') || error.message);
    }
  };

  const handleSubmit = async () => {
    setSubmitError(null);
    if (!(await checkSteps(0))) return;
    const captchaId = captcha.captchaId;
    const current = form.getValues();
    if (!captchaId) {
      form.setFieldError('captchaCode', ACCOUNT_MESSAGES.registrationCaptchaInvalid);
      goTo(stepOfField('captchaCode'));
      captcha.refresh();
      return;
    }
    const onSuccess = ({ message }: { message: string }) => {
      moved.current = true;
      setResultMessage(message);
      window.scrollTo({ top: 0 });
    };
    if (kind === 'customer') {
      registerCustomer.mutate(toCustomerRegistration(current, captchaId), {
        onSuccess,
        onError: handleFailure,
      });
    } else if (current.shopImage) {
      registerSeller.mutate(
        { fields: toSellerRegistration(current, captchaId), shopImage: current.shopImage },
        { onSuccess, onError: handleFailure },
      );
    }
  };

  const switchKind = (next: string) => {
    if (next === kind) return;
    const carried: RegistrationDraft = {};
    for (const field of DRAFT_FIELDS) {
      if (values[field] !== '') carried[field] = values[field];
    }
    void navigate(next === 'seller' ? PATHS.sellerRegistration : PATHS.customerRegistration, {
      state: { draft: carried },
    });
  };

  if (resultMessage !== null) {
    return <RegistrationResult kind={kind} message={resultMessage} />;
  }

  const isLast = active === steps.length - 1;
  const backToSummary = reviewed && !isLast && step.id !== 'captcha';

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {kind === 'seller' ? 'Register your shop' : 'Create your account'}
        </Title>
        <Text c="dimmed">
          Already registered?{' '}
          <Anchor component={Link} to={ROLE_AREAS[kind].loginPath} fw={600}>
            Log in
          </Anchor>
        </Text>
      </Stack>

      <SegmentedControl
        value={kind}
        onChange={switchKind}
        data={KIND_OPTIONS}
        fullWidth
        size="md"
        aria-label="Register as"
        classNames={{ label: classes.kindLabel }}
      />

      <Stepper
        ref={stepperRef}
        active={active}
        onStepClick={goTo}
        allowNextStepsSelect={false}
        size="sm"
        wrap={false}
        className={classes.stepper}
        classNames={{ stepBody: classes.stepBody, separator: classes.separator }}
      >
        {steps.map((candidate) => (
          <Stepper.Step
            key={candidate.id}
            aria-label={candidate.label}
            label={candidate.label}
            description={candidate.description}
          />
        ))}
      </Stepper>

      <Paper
        ref={panelRef}
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="registration-step-title"
      >
        <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
          Step {active + 1} of {steps.length}
        </Text>
        <Title
          order={2}
          fz="h3"
          mb="lg"
          id="registration-step-title"
          ref={headingRef}
          tabIndex={-1}
          className={classes.stepTitle}
        >
          {step.label}
        </Title>

        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (isLast) void handleSubmit();
            else void handleNext();
          }}
        >
          {step.id === 'account' && <AccountSetupStep form={form} kind={kind} />}
          {step.id === 'contact' && <ContactInfoStep form={form} />}
          {step.id === 'address' && <AddressFields form={form} />}
          {step.id === 'shop' && <ShopDetailsFields form={form} shopNameEditable={false} />}
          {step.id === 'captcha' && (
            <CaptchaStep form={form} kind={kind} captcha={captcha} otp={otp} email={email} />
          )}
          {step.id === 'verification' && (
            <VerificationStep kind={kind} values={values} onEdit={handleEdit} />
          )}

          {submitError && (
            <Alert
              mt="lg"
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertTriangle />}
              title="Registration not completed"
            >
              {submitError}
              {isLast && (
                <Text fz="sm" mt={6}>
                  A new captcha is waiting:{' '}
                  <Anchor
                    component="button"
                    type="button"
                    fz="sm"
                    onClick={() => goTo(stepOfField('captchaCode'))}
                  >
                    type it on the Captcha step
                  </Anchor>{' '}
                  and submit again.
                </Text>
              )}
            </Alert>
          )}

          <Group justify="space-between" mt="xl" gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
              onClick={() => goTo(active - 1)}
              disabled={active === 0 || submitting}
              style={{ visibility: active === 0 ? 'hidden' : undefined }}
            >
              Back
            </Button>
            <Group gap="sm">
              {backToSummary && (
                <Button
                  variant="light"
                  onClick={() => void handleBackToSummary()}
                  loading={checking}
                >
                  Back to summary
                </Button>
              )}
              {isLast ? (
                <Button
                  type="submit"
                  loading={submitting || checking}
                  leftSection={<IconSend size={16} aria-hidden="true" />}
                >
                  Submit
                </Button>
              ) : (
                <Button
                  type="submit"
                  loading={checking}
                  rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                >
                  Next
                </Button>
              )}
            </Group>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}
