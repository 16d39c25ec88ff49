import { Button, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/**
 * A button that makes a PDF (Print Invoice, Print Details, Download): shows a loader while the
 * document is built and reports a failure through `onError` (the screen's error dialog).
 */
export function DownloadButton({
  download,
  onError,
  children,
  ...props
}: Omit<ButtonProps, 'loading' | 'onClick'> & {
  download: () => Promise<void>;
  onError: (error: unknown) => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...props} loading={busy} onClick={() => void handleClick()}>
      {children}
    </Button>
  );
}
