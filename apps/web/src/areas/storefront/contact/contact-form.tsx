import { Button, Grid, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ContactMessageSchema, type ContactMessage } from '@bazaar/shared';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useCaptcha } from '../../../api/accounts/captcha';
import { isApiError } from '../../../api/api-client';
import { useCreateContactMessage } from '../../../api/contact/create-contact-message';
import { CaptchaField } from '../../../components/captcha-field';
import { notify } from '../../../components/notify';
import { TechnicalErrorDialog } from '../../../components/technical-error-dialog';
import { MobileInput } from '../../../components/forms/mobile-input';

/** The form's fields: the message and the typed captcha answer. */
type ContactFormValues = ContactMessage & { captchaCode: string };

const EMPTY_MESSAGE: ContactFormValues = {
  name: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  captchaCode: '',
};

/** Mantine's Standard Schema resolver: zod issues become field errors, first issue per field. */
const validateMessage = schemaResolver(ContactMessageSchema, { sync: true });

/**
 * The contact form (docs/catalog.md): all fields required, phone 10 digits
 * starting 6-9, name without digits. The rules and messages are `ContactMessageSchema`'s, the
 * same the server applies; a field the server refuses shows its message on that field, any other
 * failure the spec's error dialog. The sign-in's captcha guards it (docs/security.md): its id and
 * answer go with the message, and each answer is used once, so every refusal brings a new one.
 */
export function ContactForm() {
  // null: no dialog; {}: the spec's technical-error text; { message }: a more precise reason.
  const [failure, setFailure] = useState<{ message?: string } | null>(null);
  const createMessage = useCreateContactMessage();
  const captcha = useCaptcha();
  const form = useForm<ContactFormValues>({
    mode: 'uncontrolled',
    initialValues: EMPTY_MESSAGE,
    validate: (values) => ({
      ...validateMessage(values),
      ...(values.captchaCode.trim() === '' ? { captchaCode: 'Please enter the captcha' } : {}),
    }),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    if (!captcha.captchaId) return;
    const message = ContactMessageSchema.parse(values); // trimmed, as the server stores it
    const answer = { captchaId: captcha.captchaId, captchaCode: values.captchaCode.trim() };
    createMessage.mutate(
      { ...message, ...answer },
      {
        onSettled: () => {
          // Used up either way (single use): the next message needs a new captcha.
          form.setFieldValue('captchaCode', '');
          captcha.refresh();
        },
        onSuccess: () => {
          void notify({
            color: 'green',
            icon: <IconCheck size={18} />,
            title: 'Message sent',
            message: 'Thank you for writing to us. We reply within two working days.',
          });
          form.reset();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) {
            form.setErrors(error.fields);
          } else if (isApiError(error, 429)) {
            setFailure({ message: error.message });
          } else {
            setFailure({});
          }
        },
      },
    );
  });

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="contact-form-title"
    >
      <Title order={2} fz="h3" id="contact-form-title" mb="md">
        Send us a message
      </Title>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Name"
                placeholder="Your full name"
                withAsterisk
                autoComplete="name"
                key={form.key('name')}
                {...form.getInputProps('name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Email"
                placeholder="you@example.com"
                type="email"
                withAsterisk
                autoComplete="email"
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <MobileInput
                label="Phone"
                placeholder="10-digit mobile number"
                withAsterisk
                key={form.key('phone')}
                {...form.getInputProps('phone')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Subject"
                placeholder="What is it about?"
                withAsterisk
                maxLength={120}
                key={form.key('subject')}
                {...form.getInputProps('subject')}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            label="Message"
            placeholder="Tell us how we can help. For an order, please mention the order number."
            withAsterisk
            autosize
            minRows={5}
            maxRows={10}
            maxLength={2000}
            key={form.key('message')}
            {...form.getInputProps('message')}
          />
          <CaptchaField
            captcha={captcha}
            key={form.key('captchaCode')}
            {...form.getInputProps('captchaCode')}
          />
          <Button
            type="submit"
            size="md"
            loading={createMessage.isPending}
            leftSection={<IconSend size={18} />}
            style={{ alignSelf: 'flex-start' }}
          >
            Send message
          </Button>
        </Stack>
      </form>

      <TechnicalErrorDialog
        opened={failure !== null}
        onClose={() => setFailure(null)}
        message={failure?.message}
      />
    </Paper>
  );
}
