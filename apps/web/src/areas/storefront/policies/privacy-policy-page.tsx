import { SITE } from '../../../config/site';
import { PolicyPage } from './policy-page';

/** `/PrivacyPolicy` */
export function PrivacyPolicyPage() {
  return (
    <PolicyPage title="Privacy Policy" updated="Jan 1, 2025">
      <p>
        {SITE.legalName} (&quot;we&quot;) runs {SITE.brand}. This policy explains what personal data
        we collect, why, and the choices you have, in line with the Digital Personal Data Protection
        Act, 2023 and the Information Technology Act, 2000.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>Account details: your name, email address, mobile number and gender.</li>
        <li>Delivery details: your address, city, state and pincode.</li>
        <li>Orders, returns, your wishlist and messages you send us.</li>
        <li>Technical data: a session cookie that keeps you signed in, and basic server logs.</li>
      </ul>

      <h2>How we use it</h2>
      <ul>
        <li>To take, deliver and support your orders, and to process returns and refunds.</li>
        <li>To keep your account safe, for example with email verification and captchas.</li>
        <li>To answer your questions, and to meet our legal and tax obligations (GST invoices).</li>
      </ul>
      <p>We do not sell your personal data.</p>

      <h2>Who we share it with</h2>
      <ul>
        <li>The seller of your order and our delivery staff: only what they need to deliver it.</li>
        <li>
          Our payment partner Razorpay for online payments. We never see or store your card or UPI
          PIN details.
        </li>
        <li>Authorities, when the law requires it.</li>
      </ul>

      <h2>How long we keep it</h2>
      <p>
        We keep account data while your account is open, and order and invoice records for as long
        as tax law requires (currently eight years).
      </p>

      <h2>Your rights</h2>
      <p>
        You can see and correct your details in My Profile, and ask us to delete your account or to
        tell you what data we hold, by writing to <a href={`mailto:${SITE.email}`}>{SITE.email}</a>.
      </p>

      <h2>Grievance officer</h2>
      <p>
        Grievance Officer, {SITE.office.oneLine}. Email:{' '}
        <a href={`mailto:${SITE.email}`}>{SITE.email}</a>. We acknowledge complaints within 48 hours
        and resolve them within 30 days.
      </p>
    </PolicyPage>
  );
}
