import type { FormErrors } from '@mantine/form';
import { MESSAGES, type EmailAvailability } from '@bazaar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../api/api-client';
import type { CaptchaState } from '../../../api/accounts/captcha';
import { emailAvailabilityKeys } from '../../../api/accounts/email-availability';
import { useRegisterCustomer } from '../../../api/accounts/register-customer';
import { useRegisterSeller } from '../../../api/accounts/register-seller';
import {
  formFieldOf,
  toCustomerRegistration,
  toSellerRegistration,
  type RegistrationField,
  type RegistrationForm,
  type RegistrationValues,
} from './registration-form';

/** What the flow needs of the submit: send it, whether it is under way, and how it ended. */
export interface RegistrationSubmit {
  /** Sends the registration (`accountsApi.registerCustomer` or `registerSeller`). */
  submit: (values: RegistrationValues, captchaId: string) => void;
  submitting: boolean;
  /** The refusal no field shows (the server's message), or null. */
  submitError: string | null;
  setSubmitError: (message: string | null) => void;
  /** The server's answer once registered (the verify-email text), or null before. */
  resultMessage: string | null;
}

/**
 * Sends the registration and places a refusal: each message the server names a field for goes
 * under that field and `onFieldErrors` opens the first step holding one; anything else shows in
 * `submitError`. Either way the captcha is emptied and a new one fetched (each answers once).
 * @param email the email of Account Setup, normalised (null when it is not an email).
 */
export function useRegistrationSubmit({
  kind,
  form,
  captcha,
  email,
  onFieldErrors,
  onRegistered,
}: {
  kind: 'customer' | 'seller';
  form: RegistrationForm;
  captcha: CaptchaState;
  email: string | null;
  onFieldErrors: (fields: RegistrationField[]) => void;
  onRegistered: () => void;
}): RegistrationSubmit {
  const queryClient = useQueryClient();
  const registerCustomer = useRegisterCustomer();
  const registerSeller = useRegisterSeller();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [resultMessage, setResultMessage] = useState<string | null>(null);

  const handleFailure = (error: unknown) => {
    form.setFieldValue('captchaCode', ''); // each captcha answers once
    captcha.refresh();

    if (!isApiError(error)) {
      setSubmitError(MESSAGES.technicalError);
      return;
    }
    const fieldMessages: FormErrors = {};
    const otherMessages: string[] = [];
    for (const [serverField, message] of Object.entries(error.fields ?? {})) {
      const field = formFieldOf(serverField);
      if (field) fieldMessages[field] = message;
      else otherMessages.push(message);
    }
    // An image refused by its size or content without a field named: it is the shop photo's.
    if (
      Object.keys(fieldMessages).length === 0 &&
      (error.status === 413 || error.status === 415) &&
      kind === 'seller'
    ) {
      fieldMessages.shopImage = error.message;
    }
    if (error.status === 409 && fieldMessages.email && email) {
      // The live check on Account Setup shows it too, until the email is changed.
      queryClient.setQueryData<EmailAvailability>(emailAvailabilityKeys.one(email), {
        available: false,
        emailStatus: 'exist',
      });
    }

    const fields = Object.keys(fieldMessages) as RegistrationField[];
    if (fields.length > 0) {
      form.setErrors((previous) => ({ ...previous, ...fieldMessages }));
      onFieldErrors(fields);
    }
    if (otherMessages.length > 0 || fields.length === 0) {
      setSubmitError(otherMessages.join(' ') || error.message);
    }
  };

  const submit = (values: RegistrationValues, captchaId: string) => {
    const onSuccess = ({ message }: { message: string }) => {
      setResultMessage(message);
      onRegistered();
    };
    if (kind === 'customer') {
      registerCustomer.mutate(toCustomerRegistration(values, captchaId), {
        onSuccess,
        onError: handleFailure,
      });
    } else if (values.shopImage) {
      registerSeller.mutate(
        { fields: toSellerRegistration(values, captchaId), shopImage: values.shopImage },
        { onSuccess, onError: handleFailure },
      );
    }
  };

  return {
    submit,
    submitting: registerCustomer.isPending || registerSeller.isPending,
    submitError,
    setSubmitError,
    resultMessage,
  };
}
