// @vitest-environment jsdom
import '../support/dom';
import { ORDER_MESSAGES, ReturnRequestInputSchema, CancelOrderInputSchema } from '@bazaar/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/providers';
import { ReasonModal, type ReasonSchema } from '../../src/components/reason-modal';

function renderModal(schema: ReasonSchema, refusal: string | null = null, required = true) {
  const onConfirm = vi.fn();
  render(
    <AppProviders>
      <ReasonModal
        opened
        title="Return the items"
        label="Why are you returning them?"
        required={required}
        maxChars={500}
        schema={schema}
        confirmLabel="Request return"
        keepLabel="Keep the items"
        pending={false}
        refusal={refusal}
        onConfirm={onConfirm}
        onClose={() => undefined}
      />
    </AppProviders>,
  );
  return { onConfirm, field: screen.getByRole('textbox', { name: /Why are you returning them/ }) };
}

describe('ReasonModal', () => {
  it("refuses a reason the action's schema refuses, with the schema's message", async () => {
    const { onConfirm, field } = renderModal(ReturnRequestInputSchema);
    await userEvent.type(field, 'bad');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(await screen.findByText(ORDER_MESSAGES.returnReasonLength)).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason once the schema accepts it', async () => {
    const { onConfirm, field } = renderModal(ReturnRequestInputSchema);
    await userEvent.type(field, '  The colour is not as shown  ');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(onConfirm).toHaveBeenCalledWith('The colour is not as shown');
  });

  it('sends an empty optional reason, and shows the refusal until the reason changes', async () => {
    const { onConfirm, field } = renderModal(CancelOrderInputSchema, 'Already shipped', false);
    expect(screen.getByText('Already shipped')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(onConfirm).toHaveBeenCalledWith('');
    await userEvent.type(field, 'x');
    expect(screen.queryByText('Already shipped')).toBeNull();
  });
});
