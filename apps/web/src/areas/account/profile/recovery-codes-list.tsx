import { Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';

/** The recovery codes, shown once, with Copy and Download. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const text = `Bazaar recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'bazaar-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="xs">
      <Text fz="sm">
        Keep these recovery codes somewhere safe. Each one lets you log in once if you lose your
        phone. <strong>They are shown only now.</strong>
      </Text>
      <SimpleGrid
        cols={{ base: 1, xs: 2 }}
        spacing="md"
        verticalSpacing={4}
        maw={460}
        component="ul"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        style={{ listStyle: 'none', padding: 0, margin: 0, fontFamily: 'monospace' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          size="xs"
          variant="light"
          onClick={download}
          leftSection={<IconDownload size={16} />}
        >
          Download
        </Button>
      </Group>
    </Stack>
  );
}
