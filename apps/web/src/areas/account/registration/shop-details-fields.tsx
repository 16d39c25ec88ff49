import { Anchor, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { ACCOUNT_MESSAGES, SAMPLE_GSTIN, SHOP_CATEGORIES } from '@bazaar/shared';
import { IconExternalLink } from '@tabler/icons-react';
import type { RegistrationForm } from './registration-form';
import { ShopImageInput } from './shop-image-input';

/**
 * Shop Details (docs/accounts.md): shop name, GST No with a help link, Shop Category,
 * Shop Description and Shop Image. In the sign-up flow the shop name is the one typed in Account
 * Setup (read-only here); a signed-in seller adding a shop types it here.
 */
export function ShopDetailsFields({
  form,
  shopNameEditable,
}: {
  form: RegistrationForm;
  shopNameEditable: boolean;
}) {
  return (
    <Stack gap="md">
      <TextInput
        label="Shop name"
        withAsterisk={shopNameEditable}
        maxLength={80}
        {...(shopNameEditable
          ? { ...form.getInputProps('name'), autoComplete: 'organization' }
          : {
              value: form.values.name,
              readOnly: true,
              variant: 'filled',
              description: 'From Account Setup',
            })}
      />
      <TextInput
        label="GST No"
        placeholder={`15 characters, like ${SAMPLE_GSTIN}`}
        withAsterisk
        maxLength={15}
        autoCapitalize="characters"
        spellCheck={false}
        description={
          <>
            Don&apos;t know it?{' '}
            <Anchor
              href={ACCOUNT_MESSAGES.gstinHelpUrl}
              target="_blank"
              rel="noopener noreferrer"
              fz="inherit"
            >
              Search your GSTIN on the GST portal
              <IconExternalLink
                size={12}
                style={{ marginLeft: 3, verticalAlign: '-1px' }}
                aria-label="(opens in a new tab)"
              />
            </Anchor>
          </>
        }
        {...form.getInputProps('gstin')}
        onChange={(event) => form.setFieldValue('gstin', event.currentTarget.value.toUpperCase())}
      />
      <NativeSelect
        label="Shop Category"
        withAsterisk
        data={[{ value: '', label: 'Choose a category', disabled: true }, ...SHOP_CATEGORIES]}
        {...form.getInputProps('shopCategory')}
      />
      <Textarea
        label="Shop Description"
        placeholder="What you sell, since when, what makes your shop special"
        withAsterisk
        autosize
        minRows={3}
        maxRows={8}
        maxLength={1000}
        {...form.getInputProps('shopDescription')}
      />
      <ShopImageInput form={form} />
    </Stack>
  );
}
