// Privacy policy: who controls which data, what we collect, payments, cookies, retention, rights and contact.
import { LegalLayout, type LegalSection } from './legal-layout';

const sections: LegalSection[] = [
  {
    id: 'roles',
    title: 'Who is responsible for your data',
    body: (
      <>
        <p>
          <strong>Organisers&rsquo; account data.</strong> For the people who run organiser accounts, Marquee Ticketing
          Ltd is the data controller.
        </p>
        <p>
          <strong>Customers&rsquo; data.</strong> When you buy a ticket, the organiser of the event is the data
          controller of your order and contact details, and Marquee processes them on the organiser&rsquo;s behalf as a
          data processor under a data processing agreement. Marquee is an independent controller only for what it needs
          to run the platform safely: fraud prevention, security logs, the booking fee and its legal obligations.
        </p>
      </>
    ),
  },
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>Account details: name, e-mail address, password (stored only as a hash), organisation and branding.</li>
        <li>Order details: the tickets bought, amounts, booking fee, name and e-mail of the buyer.</li>
        <li>Payout details held by Stripe for organisers: business, ownership and bank information.</li>
        <li>Usage data: pages viewed, sign ups and sales, used for the organiser&rsquo;s analytics.</li>
        <li>Technical data: IP address, browser and device, and security logs.</li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'How we use it',
    body: (
      <>
        <p>We use personal data to:</p>
        <ul>
          <li>run accounts, sell and deliver tickets, and send order and service e-mails (contract);</li>
          <li>show organisers their sales, customers and analytics (contract with the organiser);</li>
          <li>prevent fraud and keep the platform secure (legitimate interests);</li>
          <li>keep accounting and tax records (legal obligation).</li>
        </ul>
        <p>
          We do not sell personal data and we do not use customers&rsquo; data to market other organisers&rsquo; events.
          Organisers may only send marketing to customers who agreed to receive it.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments through Stripe Connect',
    body: (
      <p>
        Payments and payouts are handled by Stripe through Stripe Connect. Card details are entered into Stripe and go
        directly to Stripe, which acts as an independent controller for payment and identity-verification data under its
        own privacy policy. We receive only what we need, such as the payment status, the last four digits of a card or
        bank account, and the organiser&rsquo;s connected account ID.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <ul>
        <li>The organiser of an event you buy tickets for.</li>
        <li>Stripe, for payments and payouts.</li>
        <li>
          Service providers who host our servers, send e-mail and deliver pages, under contract and our instructions.
        </li>
        <li>Authorities, when the law requires it.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          We use strictly necessary cookies to keep you signed in and to protect forms, and local storage in your
          browser to remember preferences such as the light or dark theme and unfinished set-up steps. We use no
          advertising cookies and no third-party trackers on Marquee pages.
        </p>
        <p>
          The cookie notice on our home page can be accepted or dismissed; neither choice changes which cookies are
          used, because we only use the necessary ones.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Account data: while the account is open, and deleted within 90 days of closing it.</li>
        <li>Order and payment records: 7 years, for accounting and tax law.</li>
        <li>Security logs: 12 months.</li>
        <li>Analytics: kept in aggregated form; raw events are deleted after 25 months.</li>
      </ul>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    body: (
      <p>
        Where data leaves the UK or the European Economic Area, we rely on adequacy decisions or standard contractual
        clauses to protect it.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <p>
        You can ask for a copy of your data, its correction or deletion, restrict or object to its use, and take it
        elsewhere. For ticket orders, we will pass your request to the organiser as controller and help them answer it.
        You can also complain to your data-protection authority, in the UK the Information Commissioner&rsquo;s Office.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Write to our privacy team at <a href="mailto:privacy@marquee.example">privacy@marquee.example</a>. We answer
        within one month.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      summary="How Marquee handles the data of organisers and of the fans who buy their tickets: organisers control their customers' data, we process it for them, and Stripe handles payments."
      sections={sections}
    />
  );
}
