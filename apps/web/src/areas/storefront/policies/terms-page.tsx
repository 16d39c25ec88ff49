import { Link } from 'react-router';
import { PATHS, SITE } from '../../../config/site';
import { PolicyPage } from './policy-page';

/** `/TermCondition` (also `/termCondition`) */
export function TermsPage() {
  return (
    <PolicyPage title="Terms & Conditions" updated="Jan 1, 2025">
      <p>
        These terms apply when you use {SITE.brand}, a marketplace run by {SITE.legalName},{' '}
        {SITE.office.oneLine}. By creating an account or placing an order you accept them.
      </p>

      <h2>The marketplace</h2>
      <p>
        Products are listed and sold by independent sellers (shops). Each seller is responsible for
        its listings, the quality of its products and the GST invoice. {SITE.brand} provides the
        platform, payments and delivery.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>Give true details and keep your password to yourself.</li>
        <li>You must be 18 or older, or use the site with a parent or guardian.</li>
        <li>We may suspend accounts that misuse the site, for example with fake orders.</li>
      </ul>

      <h2>Prices, orders and payment</h2>
      <ul>
        <li>Prices are in Indian rupees and include GST.</li>
        <li>An order is confirmed when the seller accepts it; we tell you by email.</li>
        <li>Pay cash on delivery or online through our payment partner.</li>
        <li>
          If a price was listed wrongly, the seller may cancel the order and refund you in full.
        </li>
      </ul>

      <h2>Delivery, cancellation and returns</h2>
      <p>
        We deliver within Bihar. Cancellations and returns follow our{' '}
        <Link to={PATHS.cancellationPolicy}>Cancellation Policy</Link> and{' '}
        <Link to={PATHS.returnPolicy}>Return Policy</Link>; a product page&apos;s own policy
        prevails.
      </p>

      <h2>Using the site</h2>
      <p>
        Do not copy the site&apos;s content, try to break its security, or use it for anything
        unlawful. Product photos and text belong to their sellers or to us.
      </p>

      <h2>Liability and law</h2>
      <p>
        Our liability for any order is limited to the amount you paid for it. These terms are
        governed by the laws of India; the courts at Patna, Bihar have jurisdiction. Complaints go
        to our grievance officer as described in the{' '}
        <Link to={PATHS.privacyPolicy}>Privacy Policy</Link>, under the Consumer Protection
        (E-Commerce) Rules, 2020.
      </p>
    </PolicyPage>
  );
}
