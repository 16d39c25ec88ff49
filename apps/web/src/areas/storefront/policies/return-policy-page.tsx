import { CANCELLATION_DAYS_LIFESTYLE } from '@bazaar/shared';
import { Link } from 'react-router';
import { PATHS, SITE } from '../../../config/site';
import { PolicyPage } from './policy-page';

/** `/returnPolicy` */
export function ReturnPolicyPage() {
  return (
    <PolicyPage title="Return Policy" updated="Jan 1, 2025">
      <p>
        We want you to love what you buy on {SITE.brand}. If something is not right, you can return
        most clothing within {CANCELLATION_DAYS_LIFESTYLE} days of delivery.
      </p>

      <h2>What can be returned</h2>
      <ul>
        <li>Unused, unwashed items with the original tags and packaging.</li>
        <li>The wrong product, size or colour, or a damaged or defective product.</li>
        <li>A size exchange, when the seller has the other size in stock.</li>
      </ul>

      <h2>What cannot be returned</h2>
      <ul>
        <li>Innerwear, socks and swimwear, for hygiene reasons.</li>
        <li>Garments that were altered, tailored or customised for you.</li>
        <li>Products marked &quot;non-returnable&quot; on their product page.</li>
      </ul>

      <h2>How to return</h2>
      <ol>
        <li>
          Open <Link to={PATHS.myOrders}>My Orders</Link>, choose the item and select Return.
        </li>
        <li>Our delivery partner picks it up from your address within 2 to 3 working days.</li>
        <li>The seller checks the item; we tell you the result by email.</li>
      </ol>
      <p>
        Report a damaged or wrong item within 48 hours of delivery, with photos, to{' '}
        <a href={`mailto:${SITE.email}`}>{SITE.email}</a>.
      </p>

      <h2>Refunds</h2>
      <p>
        Once the return passes the check, the refund reaches you within 5 to 7 working days: to the
        original payment method for online payments, and to your bank account or UPI ID for cash on
        delivery orders.
      </p>
      <p>Where a product page states its own return policy, that policy prevails over this page.</p>
    </PolicyPage>
  );
}
