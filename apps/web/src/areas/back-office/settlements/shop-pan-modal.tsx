import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ShopPanInputSchema, type ShopBalance } from '@bazaar/shared';
import { useState } from 'react';
import { isApiError } from '../../../api/api-client';
import { useSetShopPan } from '../../../api/settlements/settlements';
import { notify } from '../../../components/notify';

/**
 * Record PAN (admin; docs/settlements.md "TDS and the PAN"): the PAN of a shop whose GSTIN
 * carries none, so its later deliveries take TDS at 0.1 % instead of 5 %. Checked with the shared
 * ShopPanInputSchema; entries already written keep their rate.
 */
export function ShopPanModal({ shop, onClose }: { shop: ShopBalance | null; onClose: () => void }) {
  const save = useSetShopPan();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { pan: '' },
    validate: schemaResolver(ShopPanInputSchema, { sync: true }),
  });
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const handleSubmit = form.onSubmit((values) => {
    if (!shop) return;
    setFailure(null);
    save.mutate(
      { shopId: shop.shopId, pan: values.pan.trim().toUpperCase() },
      {
        onSuccess: (row) => {
          void notify({
            color: 'green',
            message: `PAN ${row.pan ?? ''} recorded for ${shop.shopName}`,
          });
          close();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields?.pan) {
            form.setFieldError('pan', error.fields.pan);
            return;
          }
          setFailure(isApiError(error) ? error.message : 'The PAN could not be saved');
        },
      },
    );
  });
  return (
    <Modal opened={shop !== null} onClose={close} title="Record PAN" centered>
      {shop && (
        <form onSubmit={handleSubmit} noValidate aria-label="Record PAN">
          <Stack gap="sm">
            <Text size="sm">
              {shop.shopName} has no GSTIN with a PAN in it
              {shop.pan ? ` (recorded: ${shop.pan})` : ''}. Without a PAN, TDS is 5 % of the gross
              (section 206AA); with one, 0.1 %. Deliveries already settled keep their rate.
            </Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label="PAN"
              description="10 characters: 5 letters, 4 digits, a letter (ABCDE1234F)"
              withAsterisk
              maxLength={10}
              autoComplete="off"
              styles={{ input: { textTransform: 'uppercase' } }}
              {...form.getInputProps('pan')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save PAN
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
