import { Text } from '@mantine/core';
import type { AddressValues } from './address-fields';

/**
 * An address as lines in an `<address>`: locality, landmark (when given), city and pincode,
 * state and country. Used by the staff profile's address panel and the customer's saved
 * addresses.
 */
export function PostalAddress({ address }: { address: AddressValues }) {
  return (
    <Text component="address" fz="sm" fs="normal" style={{ lineHeight: 1.6 }}>
      {address.locality}
      {address.landmark && (
        <>
          <br />
          {address.landmark}
        </>
      )}
      <br />
      {address.city} {address.pincode}
      <br />
      {address.state}, {address.country}
    </Text>
  );
}
