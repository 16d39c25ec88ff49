import { Center, Loader } from '@mantine/core';

/** Shown while a lazy page's code or a page's first data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih={320} role="status" aria-live="polite">
      <Loader role="progressbar" aria-label={label} />
    </Center>
  );
}
