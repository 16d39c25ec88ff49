import { Table } from '@mantine/core';
import { CANCELLATION_DAYS_LIFESTYLE } from '@bazaar/shared';
import { Link } from 'react-router';
import { PATHS } from '../../../config/site';
import { PolicyPage } from './policy-page';

const days = `${CANCELLATION_DAYS_LIFESTYLE} days`;

/** Cancellation windows by category (docs/catalog.md: lifestyle goods 7 days). */
const CANCELLATION_WINDOWS: { category: string; window: string; note: string }[] = [
  {
    category: "Lifestyle: men's clothing",
    window: days,
    note: 'Cancel until dispatch; return within the window',
  },
  {
    category: "Lifestyle: women's clothing",
    window: days,
    note: 'Cancel until dispatch; return within the window',
  },
  {
    category: "Lifestyle: kids' clothing (boys and girls)",
    window: days,
    note: 'Cancel until dispatch; return within the window',
  },
  {
    category: 'Innerwear, socks and swimwear',
    window: 'Until dispatch',
    note: 'Not returnable once delivered, for hygiene',
  },
  {
    category: 'Altered, tailored or customised garments',
    window: 'Until work starts',
    note: 'Not returnable once made for you',
  },
];

/** `/CancellationPolicy` */
export function CancellationPolicyPage() {
  return (
    <PolicyPage title="Cancellation Policy" updated="Nov 28, 2026">
      <p>
        You can cancel any order free of charge from <Link to={PATHS.myOrders}>My Orders</Link>{' '}
        until the seller dispatches it. After delivery, the windows below apply, counted from the
        day of delivery.
      </p>

      <Table.ScrollContainer minWidth={480}>
        <Table withTableBorder withColumnBorders striped>
          <Table.Caption>Cancellation windows by category</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Category</Table.Th>
              <Table.Th scope="col">Cancellation window</Table.Th>
              <Table.Th scope="col">What you can do</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CANCELLATION_WINDOWS.map((row) => (
              <Table.Tr key={row.category}>
                <Table.Th scope="row" fw={500}>
                  {row.category}
                </Table.Th>
                <Table.Td>{row.window}</Table.Td>
                <Table.Td>{row.note}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <p>
        <strong>
          Where a product page states its own cancellation policy, the product page&apos;s policy
          prevails over this table.
        </strong>
      </p>

      <h2>Refunds for cancelled orders</h2>
      <p>
        An online payment of a cancelled order is refunded to the original payment method, and My
        Orders shows the payment as refunded. If the money has not reached you, write to us with the
        order number. Cash on delivery orders cancelled before delivery need no refund.
      </p>

      <h2>Cancellation by the seller</h2>
      <p>
        A seller may cancel an order when the product is out of stock or the address cannot be
        served. We tell you by email and refund any amount paid in full.
      </p>
    </PolicyPage>
  );
}
