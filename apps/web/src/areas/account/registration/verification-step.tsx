import { Accordion, Button, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { RegistrationValues, StepId } from './registration-form';
import { formatFileSize, previewUrl } from './shop-image';

interface Row {
  label: string;
  value: ReactNode;
}

interface Section {
  /** The step whose Edit button opens it. */
  step: StepId;
  title: string;
  rows: Row[];
}

function shown(value: string): ReactNode {
  return value.trim() === '' ? (
    <Text span c="dimmed">
      Not given
    </Text>
  ) : (
    value
  );
}

function sectionsFor(kind: 'customer' | 'seller', values: RegistrationValues): Section[] {
  const sections: Section[] = [
    {
      step: 'account',
      title: 'Account',
      rows: [
        { label: kind === 'seller' ? 'Shop name' : 'Name', value: shown(values.name) },
        { label: 'Email', value: shown(values.email) },
        { label: 'Password', value: '•'.repeat(Math.min(values.password.length, 12)) },
      ],
    },
    {
      step: 'contact',
      title: 'Contact',
      rows: [
        { label: 'Phone number', value: values.mobile ? `+91 ${values.mobile}` : shown('') },
        { label: 'Gender', value: shown(values.gender) },
      ],
    },
    {
      step: 'address',
      title: 'Address',
      rows: [
        { label: 'Locality', value: shown(values.locality) },
        { label: 'Landmark', value: shown(values.landmark) },
        { label: 'City', value: shown(values.city) },
        { label: 'State', value: values.state },
        { label: 'Pincode', value: shown(values.pincode) },
        { label: 'Country', value: values.country },
      ],
    },
  ];
  if (kind === 'seller') {
    const image = values.shopImage;
    sections.push({
      step: 'shop',
      title: 'Shop',
      rows: [
        { label: 'Shop name', value: shown(values.name) },
        { label: 'GST No', value: shown(values.gstin.toUpperCase()) },
        { label: 'Shop Category', value: shown(values.shopCategory) },
        {
          label: 'Shop Description',
          value: <span style={{ whiteSpace: 'pre-line' }}>{shown(values.shopDescription)}</span>,
        },
        {
          label: 'Shop Image',
          value: image ? (
            <Group gap="sm" wrap="nowrap">
              <Image
                src={previewUrl(image)}
                alt="Shop image"
                w={64}
                h={48}
                fit="cover"
                radius="sm"
              />
              <Text fz="sm" truncate="end">
                {image.name} ({formatFileSize(image.size)})
              </Text>
            </Group>
          ) : (
            shown('')
          ),
        },
      ],
    });
  }
  return sections;
}

/**
 * Verification (docs/accounts.md): everything typed, in collapsible sections
 * Account, Contact, Address (and Shop for sellers), each with an Edit button back to its step.
 */
export function VerificationStep({
  kind,
  values,
  onEdit,
}: {
  kind: 'customer' | 'seller';
  values: RegistrationValues;
  onEdit: (step: StepId) => void;
}) {
  const sections = sectionsFor(kind, values);
  return (
    <Stack gap="sm">
      <Text c="dimmed" fz="sm">
        Please check your details. Use Edit to change a section, then Submit.
      </Text>
      <Accordion
        multiple
        variant="separated"
        defaultValue={sections.map((section) => section.step)}
        chevronPosition="left"
      >
        {sections.map((section) => (
          <Accordion.Item key={section.step} value={section.step}>
            <Group wrap="nowrap" gap={0} pr="sm">
              <Accordion.Control style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>{section.title}</Text>
              </Accordion.Control>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPencil size={14} aria-hidden="true" />}
                onClick={() => onEdit(section.step)}
                aria-label={`Edit ${section.title}`}
                style={{ flex: 'none' }}
              >
                Edit
              </Button>
            </Group>
            <Accordion.Panel>
              <SimpleGrid
                component="dl"
                cols={{ base: 1, xs: 2 }}
                spacing="xs"
                verticalSpacing={6}
                m={0}
              >
                {section.rows.map((row) => (
                  <div key={row.label}>
                    <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
                      {row.label}
                    </Text>
                    <Text component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {row.value}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
