import { Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { ACCOUNT_MESSAGES } from '@bazaar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCaptcha } from '../../../api/accounts/captcha';
import { PATHS } from '../../../config/site';
import { AddressFields } from '../../../components/address-fields';
import { AccountSetupStep } from './account-setup-step';
import { CaptchaStep } from './captcha-step';
import { emailProblem, normalEmail, pincodeProblem } from './checks';
import { ContactInfoStep } from './contact-info-step';
import { draftOf, type RegistrationDraft } from './registration-draft';
import classes from './registration-flow.module.css';
import {
  EMPTY_REGISTRATION,
  registrationResolver,
  stepErrors,
  stepsFor,
  withFieldErrors,
  type RegistrationField,
  type RegistrationValues,
  type StepDefinition,
  type StepId,
} from './registration-form';
import { RegistrationHeading } from './registration-heading';
import { RegistrationResult } from './registration-result';
import { ShopDetailsFields } from './shop-details-fields';
import { RegistrationFailure, StepActions } from './step-actions';
import { useRegistrationOtp } from './use-registration-otp';
import { useRegistrationSubmit } from './use-registration-submit';
import { useStepFocus } from './use-step-focus';
import { VerificationStep } from './verification-step';

type Kind = 'customer' | 'seller';

/** A captcha older than this is replaced when the visitor reaches the captcha step (it lives 5 minutes). */
const CAPTCHA_FRESH_MS = 4 * 60_000;

/** True when a captcha that arrived at `arrivedAt` (ms) may expire before the visitor answers it. */
function isStale(arrivedAt: number): boolean {
  return Date.now() - arrivedAt > CAPTCHA_FRESH_MS;
}

/**
 * The registration flow of customers and sellers (docs/accounts.md): Account Setup, Contact Info,
 * Address Details, Shop Details (sellers), Captcha (and the emailed OTP for sellers), then
 * Verification with an Edit per section, and Submit. Each Next checks its step with the step's
 * shared schema (and asks the server whether the email is free and the pincode in Bihar); a
 * refused submit puts the server's messages under their fields and opens the first step with
 * one. Nothing typed is lost on the way.
 */
export function RegistrationFlow({ kind, draft }: { kind: Kind; draft?: RegistrationDraft }) {
  const steps = stepsFor(kind);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const captcha = useCaptcha();
  const otp = useRegistrationOtp();
  const [active, setActive] = useState(0);
  const [reviewed, setReviewed] = useState(false);
  const [checking, setChecking] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const stepperRef = useRef<HTMLDivElement>(null);
  const captchaArrivedAt = useRef(0);
  const { markMoved } = useStepFocus(active, headingRef, stepperRef);

  const form = useForm<RegistrationValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY_REGISTRATION, ...draft },
    validate: registrationResolver(kind),
    validateInputOnBlur: true,
  });

  useEffect(() => {
    captchaArrivedAt.current = Date.now();
  }, [captcha.captchaId]);

  const step = steps[active] ?? steps[0]!;
  const values = form.values;
  const email = normalEmail(values.email);

  const focusFirstError = () => {
    window.requestAnimationFrame(() => {
      panelRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  const stepOfField = (field: RegistrationField) =>
    steps.findIndex((candidate) => candidate.fields.includes(field));

  const registration = useRegistrationSubmit({
    kind,
    form,
    captcha,
    email,
    onFieldErrors: (fields) => {
      const first = Math.min(...fields.map(stepOfField).filter((index) => index >= 0));
      if (Number.isFinite(first)) {
        goTo(first);
        focusFirstError();
      }
    },
    onRegistered: () => {
      markMoved();
      window.scrollTo({ top: 0 });
    },
  });

  function goTo(index: number) {
    markMoved();
    registration.setSubmitError(null);
    if (steps[index]?.id === 'captcha' && isStale(captchaArrivedAt.current)) {
      form.setFieldValue('captchaCode', '');
      captcha.refresh();
    }
    setActive(index);
  }

  /** The messages that keep the visitor on `target`, including the server's email and pincode answers. */
  const errorsOf = async (target: StepDefinition): Promise<FormErrors> => {
    const current = form.getValues();
    const errors = stepErrors(kind, target.id, current);
    const [emailTaken, pincodeRefused] = await Promise.all([
      target.id === 'account' && !errors.email ? emailProblem(queryClient, current.email) : null,
      target.id === 'address' && !errors.pincode
        ? pincodeProblem(queryClient, current.pincode)
        : null,
    ]);
    if (emailTaken) errors.email = emailTaken;
    if (pincodeRefused) errors.pincode = pincodeRefused;
    if (target.id === 'captcha' && kind === 'seller' && otp.sentTo !== normalEmail(current.email)) {
      errors.otp = ACCOUNT_MESSAGES.otpSendFirst;
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

  const handleSubmit = async () => {
    registration.setSubmitError(null);
    if (!(await checkSteps(0))) return;
    const captchaId = captcha.captchaId;
    if (!captchaId) {
      form.setFieldError('captchaCode', ACCOUNT_MESSAGES.registrationCaptchaInvalid);
      goTo(stepOfField('captchaCode'));
      captcha.refresh();
      return;
    }
    registration.submit(form.getValues(), captchaId);
  };

  const switchKind = (next: Kind) => {
    void navigate(next === 'seller' ? PATHS.sellerRegistration : PATHS.customerRegistration, {
      state: { draft: draftOf(values) },
    });
  };

  if (registration.resultMessage !== null) {
    return <RegistrationResult kind={kind} message={registration.resultMessage} />;
  }

  const isLast = active === steps.length - 1;

  return (
    <Stack gap="lg">
      <RegistrationHeading kind={kind} onSwitch={switchKind} />

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

          {registration.submitError && (
            <RegistrationFailure
              message={registration.submitError}
              onLastStep={isLast}
              onOpenCaptcha={() => goTo(stepOfField('captchaCode'))}
            />
          )}

          <StepActions
            first={active === 0}
            last={isLast}
            backToSummary={reviewed && !isLast && step.id !== 'captcha'}
            checking={checking}
            submitting={registration.submitting}
            onBack={() => goTo(active - 1)}
            onBackToSummary={() => void handleBackToSummary()}
          />
        </form>
      </Paper>
    </Stack>
  );
}
