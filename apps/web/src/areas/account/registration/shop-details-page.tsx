import { Alert, Button, Container, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { ACCOUNT_MESSAGES, MESSAGES, ROLE_AREAS, type SessionUser } from '@bazaar/shared';
import { IconAlertTriangle, IconBuildingStore, IconLogin2, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-client';
import { useSubmitShopDetails, type ShopDetailsRequest } from '../../../api/accounts/register-shop';
import { useSession } from '../../../api/accounts/session';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../components/use-page-title';
import { AddressFields } from '../../../components/address-fields';
import { pincodeProblem } from './checks';
import {
  EMPTY_REGISTRATION,
  formFieldOf,
  shopFormResolver,
  toShopDetailsSubmission,
  type RegistrationValues,
} from './registration-form';
import { ShopDetailsFields } from './shop-details-fields';

/** A page that cannot show the form: a message and the one way on. */
function Notice({
  title,
  message,
  to,
  action,
}: {
  title: string;
  message: string;
  to: string;
  action: string;
}) {
  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="flex-start" gap="sm">
          <Title order={1} fz="h2">
            {title}
          </Title>
          <Text>{message}</Text>
          <Button
            component={Link}
            to={to}
            leftSection={<IconLogin2 size={18} aria-hidden="true" />}
          >
            {action}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

function ShopDetailsForm({
  user,
  submitting,
  onSubmit,
}: {
  user: SessionUser;
  submitting: boolean;
  onSubmit: (request: ShopDetailsRequest, onError: (error: unknown) => void) => void;
}) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegistrationValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY_REGISTRATION, name: user.shopName ?? user.name },
    validate: shopFormResolver,
    validateInputOnBlur: true,
  });

  const focusFirstError = () =>
    window.requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('#shop-details-form [aria-invalid="true"]')?.focus();
    });

  const handleFailure = (error: unknown) => {
    if (!isApiError(error)) {
      setFailure(MESSAGES.technicalError);
      return;
    }
    if (error.fields) {
      const messages: FormErrors = {};
      const others: string[] = [];
      for (const [serverField, message] of Object.entries(error.fields)) {
        const field = formFieldOf(serverField);
        if (field) messages[field] = message;
        else others.push(message);
      }
      form.setErrors((previous) => ({ ...previous, ...messages }));
      focusFirstError();
      if (others.length > 0) setFailure(others.join(' '));
    } else if (error.status === 413 || error.status === 415) {
      form.setFieldError('shopImage', error.message);
      focusFirstError();
    } else {
      setFailure(error.message);
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const values = form.getValues();
    setChecking(true);
    const errors = shopFormResolver(values);
    const pincodeRefused = errors.pincode
      ? null
      : await pincodeProblem(queryClient, values.pincode);
    setChecking(false);
    if (pincodeRefused) errors.pincode = pincodeRefused;
    form.setErrors(errors);
    if (Object.keys(errors).length > 0 || !values.shopImage) {
      focusFirstError();
      return;
    }
    onSubmit(
      { fields: toShopDetailsSubmission(values), shopImage: values.shopImage },
      handleFailure,
    );
  };

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>Shop details</Title>
          <Alert color="orange" variant="light" icon={<IconBuildingStore />}>
            {ACCOUNT_MESSAGES.shopDetailsMissing}
          </Alert>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <form id="shop-details-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
            <Stack gap="lg">
              <section aria-labelledby="shop-details-title">
                <Title order={2} fz="h3" mb="md" id="shop-details-title">
                  Shop Details
                </Title>
                <ShopDetailsFields form={form} shopNameEditable />
              </section>
              <Divider />
              <section aria-labelledby="shop-address-title">
                <Title order={2} fz="h3" mb="md" id="shop-address-title">
                  Shop Address
                </Title>
                <AddressFields form={form} />
              </section>
              {failure && (
                <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />}>
                  {failure}
                </Alert>
              )}
              <Button
                type="submit"
                size="md"
                loading={checking || submitting}
                leftSection={<IconSend size={18} aria-hidden="true" />}
                style={{ alignSelf: 'flex-start' }}
              >
                Submit
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}

/**
 * `/ShopDetailsStepperForm` (docs/accounts.md): a signed-in seller whose account has no shop yet
 * adds it (Shop Details and the shop's address, `accountsApi.submitShopDetails`), then goes to
 * the seller home with the session refreshed.
 */
export function ShopDetailsPage() {
  usePageTitle('Shop details');
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  // Owned here, not by the form: the session reloaded after success gives the user a shop, and
  // this page must stay mounted to go on to the seller home.
  const submit = useSubmitShopDetails();

  const handleSubmit = (request: ShopDetailsRequest, onError: (error: unknown) => void) => {
    submit.mutate(request, {
      onSuccess: () => void navigate(ROLE_AREAS.seller.homePath, { replace: true }),
      onError,
    });
  };

  if (isLoading || submit.isSuccess) return <PageLoader />;
  if (!user) {
    return (
      <Notice
        title="Shop details"
        message="Please log in as a seller to add your shop's details."
        to={ROLE_AREAS.seller.loginPath}
        action="Seller login"
      />
    );
  }
  if (user.role !== 'seller') {
    return (
      <Notice
        title="Shop details"
        message="Only a seller's account can add a shop."
        to={user.homePath}
        action="Go to your home page"
      />
    );
  }
  if (user.shopId !== null && !submit.isPending) {
    return (
      <Notice
        title="Shop details"
        message="Your shop's details are already saved."
        to={ROLE_AREAS.seller.homePath}
        action="Go to your shop"
      />
    );
  }
  return <ShopDetailsForm user={user} submitting={submit.isPending} onSubmit={handleSubmit} />;
}
