import { TextInput } from '@mantine/core';
import { BILLING_MESSAGES, type StockRow } from '@bazaar/shared';
import { IconBarcode } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { isApiError } from '../../../api/api-client';
import { findStockBySku } from '../../../api/stock/find-stock-by-sku';
import { refusalMessage } from '../../../components/technical-error-dialog';

/**
 * "Scan barcode" of Add New Purchase (docs/back-office-bills.md "Scanner"). A USB scanner types
 * the label's SKU quickly and presses Enter: Enter looks the SKU up and hands the stock row to
 * `onScanned` (which adds the line or a piece to it), then empties the field for the next scan.
 * An unknown code shows the server's message under the field and keeps what was typed; the
 * field stays enabled while a lookup runs, so a fast second scan loses nothing either.
 * `onScanned` answers a message to show instead (e.g. the bill has its most lines).
 */
export function ScanBarcodeField({
  onScanned,
  onError,
}: {
  onScanned: (row: StockRow) => string | null;
  onError: (error: unknown) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const pending = useRef(0);
  const [busy, setBusy] = useState(false);

  const lookUp = async (code: string) => {
    pending.current += 1;
    setBusy(true);
    try {
      const row = await findStockBySku(code);
      const refused = onScanned(row);
      if (refused) {
        setError(refused);
        return;
      }
      // Only the code just looked up is cleared: anything typed since stays.
      setValue((current) => (current.trim().toUpperCase() === code ? '' : current));
      setError(null);
      setAdded(`Added ${row.item} ${row.category} ${row.type} ${row.size} (${row.sku})`);
    } catch (caught) {
      setAdded(null);
      if (isApiError(caught, 400)) setError(BILLING_MESSAGES.skuInvalid);
      else {
        const message = refusalMessage(caught);
        if (message !== undefined) setError(message);
        else onError(caught);
      }
    } finally {
      pending.current -= 1;
      if (pending.current === 0) setBusy(false);
    }
  };

  return (
    <TextInput
      label="Scan barcode"
      placeholder="Scan a label or type its SKU, then Enter"
      leftSection={<IconBarcode size={16} />}
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        setError(null);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        // Enter from a scanner must never submit the form.
        event.preventDefault();
        const code = value.trim().toUpperCase();
        if (code) void lookUp(code);
      }}
      error={error}
      description={busy ? 'Looking up…' : (added ?? 'A scanner types the code and presses Enter')}
      autoComplete="off"
      spellCheck={false}
      data-autofocus
      w={{ base: '100%', sm: 360 }}
    />
  );
}
