import { CANCELLATION_DAYS_LIFESTYLE } from '@bazaar/shared';
import { Link } from 'react-router';
import { PATHS, SITE } from '../../../config/site';
import { PolicyPage } from './policy-page';

/** `/returnPolicy` */
export function ReturnPolicyPage() {
  return (
    <PolicyPage title="Return Policy" updated="Nov 28, 2026">
      <p>
        We want you to love what you buy on {SITE.brand}. If something is not right, you can return
        most clothing within {CANCELLATION_DAYS_LIFESTYLE} days of delivery.
      </p>

      <h2>What can be returned</h2>
      <ul>
        <li>Unused, unwashed items with the original tags and packaging.</li>
        <li>The wrong product, size or colour, or a damaged or defective product.</li>
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
        <li>The seller approves or rejects the request; we tell you the decision by email.</li>
        <li>
          Once approved, the seller arranges the pickup, checks the item and marks it received; we
          email you at each step.
        </li>
      </ol>
      <p>
        Report a damaged or wrong item within 48 hours of delivery, with photos, to{' '}
        <a href={`mailto:${SITE.email}`}>{SITE.email}</a>.
      </p>

      <h2>Refunds</h2>
      <p>
        Once the seller has received the item, the refund is arranged with you: to the original
        payment method for online payments; for cash on delivery orders the seller contacts you for
        your bank account or UPI ID. We do not exchange items for another size: return the item and
        order the size you need.
      </p>
      <p>Where a product page states its own return policy, that policy prevails over this page.</p>
    </PolicyPage>
  );
}
