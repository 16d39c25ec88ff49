import { TextInput, type TextInputProps } from '@mantine/core';

interface DigitsInputProps extends Omit<TextInputProps, 'onChange'> {
  /** How many digits the field holds: 10 for a mobile number, 12 for an Aadhaar number. */
  digits: number;
  /** Gets the digits typed (anything else dropped), as Mantine's `getInputProps` takes it. */
  onChange?: (value: string) => void;
}

/**
 * A field of digits only (a mobile or Aadhaar number): a numeric keyboard, and anything but
 * digits dropped as it is typed or pasted, up to `digits` of them. Spread the form's
 * `getInputProps(field)` on it; the rule itself (`MobileSchema`, `AadhaarSchema`) is the form's
 * shared schema.
 */
export function DigitsInput({ digits, onChange, ...props }: DigitsInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      maxLength={digits}
      {...props}
      onChange={(event) =>
        onChange?.(event.currentTarget.value.replace(/\D/g, '').slice(0, digits))
      }
    />
  );
}

/**
 * A 10-digit Indian mobile number field (registration, profiles, addresses, the back office's
 * customer and employee forms): `tel`, the phone's own number offered for autofill.
 */
export function MobileInput(props: Omit<DigitsInputProps, 'digits'>) {
  return <DigitsInput digits={10} type="tel" autoComplete="tel-national" {...props} />;
}
