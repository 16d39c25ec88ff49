import { ActionIcon, Box, Group, Image, Loader, Text, TextInput } from '@mantine/core';
import { CAPTCHA_LENGTH } from '@bazaar/shared';
import { IconRefresh } from '@tabler/icons-react';
import type { ChangeEventHandler, FocusEventHandler, ReactNode } from 'react';
import type { CaptchaState } from '../api/accounts/captcha';

interface CaptchaFieldProps {
  /** From `useCaptcha()` in the form. */
  captcha: CaptchaState;
  value?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  error?: ReactNode;
  label?: string;
}

/**
 * The captcha of every login and registration form (docs/platform.md): the image, a refresh button
 * and the text input labelled "Captcha". Spread `form.getInputProps('captchaCode')` on it; the form
 * owns the typed code, `useCaptcha()` the id.
 */
export function CaptchaField({ captcha, label = 'Captcha', ...inputProps }: CaptchaFieldProps) {
  return (
    <Box>
      <Group gap="xs" wrap="nowrap" mb={6}>
        <Box
          w={180}
          h={56}
          bd="1px solid var(--mantine-color-gray-4)"
          bg="gray.0"
          style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', flex: 'none' }}
        >
          {captcha.image && !captcha.isLoading ? (
            <Image src={captcha.image} alt="Captcha code" w={180} h={56} fit="contain" />
          ) : (
            <Group h="100%" justify="center" role="status" aria-live="polite">
              {captcha.isError ? (
                <Text fz="xs" c="red.8" px="xs" ta="center">
                  Could not load the captcha
                </Text>
              ) : (
                <Loader size="sm" role="progressbar" aria-label="Loading captcha" />
              )}
            </Group>
          )}
        </Box>
        <ActionIcon
          variant="light"
          size="lg"
          onClick={captcha.refresh}
          loading={captcha.isLoading}
          aria-label="Refresh captcha"
          title="New captcha"
        >
          <IconRefresh size={18} />
        </ActionIcon>
      </Group>
      <TextInput
        label={label}
        placeholder={`Type the ${CAPTCHA_LENGTH} characters shown`}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={CAPTCHA_LENGTH * 2}
        withAsterisk
        {...inputProps}
      />
    </Box>
  );
}
