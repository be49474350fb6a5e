// Terms of service for organisers and ticket buyers.
import { LegalLayout, type LegalSection } from './legal-layout';

const sections: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          Marquee is a white-label ticketing platform. Event organisers (&ldquo;organisers&rdquo;) use it to publish
          events and sell tickets from their own branded pages; fans (&ldquo;customers&rdquo;) use it to buy those
          tickets. These terms apply to everyone who uses Marquee. By creating an account or buying a ticket you agree
          to them.
        </p>
        <p>Marquee is operated by Marquee Ticketing Ltd (&ldquo;Marquee&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;).</p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <>
        <p>
          You must be at least 18 to open an organiser account, give accurate details and keep your password secret. You
          are responsible for everything done through your account and for the people you let use it.
        </p>
        <p>We may suspend or close an account that breaks these terms, is used for fraud or puts customers at risk.</p>
      </>
    ),
  },
  {
    id: 'organisers',
    title: 'Organisers',
    body: (
      <>
        <p>
          Organisers sell tickets in their own name. As the seller of each ticket, the organiser is responsible for:
        </p>
        <ul>
          <li>the event taking place as described, and any licences, permits and insurance it needs;</li>
          <li>the accuracy of event details, prices, age limits and entry rules;</li>
          <li>their own refund, resale and transfer policy, shown on the event page before purchase;</li>
          <li>handling refunds when an event is cancelled, postponed or materially changed;</li>
          <li>complying with consumer, tax and data-protection law towards their customers.</li>
        </ul>
        <p>
          Using Marquee is free for organisers: we charge no set-up, monthly or per-event fee. To receive ticket sales,
          an organiser must complete payout set-up with our payment provider (see Payments).
        </p>
      </>
    ),
  },
  {
    id: 'customers',
    title: 'Buying tickets',
    body: (
      <>
        <p>
          When you buy a ticket your contract for the event is with the organiser, not with Marquee. The total you pay
          is the ticket price set by the organiser plus an <strong>8% booking fee</strong>, unless the organiser pays
          the fee for you; every price you see includes it. The booking fee pays for the platform and is not refundable
          unless the event is cancelled or the law requires it.
        </p>
        <p>
          Tickets are personal to the buyer unless the organiser allows resale or transfer. Organisers may refuse entry
          to anyone who breaks the event&rsquo;s entry rules, including its minimum age.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments and payouts',
    body: (
      <>
        <p>
          Payments are processed by Stripe through Stripe Connect. Each organiser has a connected Stripe account and is
          subject to Stripe&rsquo;s Connected Account Agreement. Card details go directly to Stripe; Marquee never sees
          or stores full card numbers.
        </p>
        <p>
          Ticket revenue, minus any booking fee the organiser chose to pay for their fans (which is never refunded) and
          any refunds or chargebacks, is paid out to the organiser&rsquo;s bank account on the payout schedule of their
          Stripe account. Organisers bear the cost of chargebacks and refunds on their events.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You must not use Marquee to:</p>
        <ul>
          <li>sell tickets to events that do not exist or that you are not entitled to sell;</li>
          <li>publish unlawful, misleading, hateful or infringing content;</li>
          <li>interfere with the platform, scrape it, or get around its security or limits;</li>
          <li>send unsolicited marketing to customers who have not agreed to receive it.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content and domains',
    body: (
      <p>
        Organisers keep ownership of their logos, artwork, event text and custom domains. You give us a licence to host
        and display that content only to run your pages and the service. You confirm you have the right to use it and to
        point any custom domain at Marquee.
      </p>
    ),
  },
  {
    id: 'pro',
    title: 'Paid add-ons',
    body: (
      <p>
        Some features, such as API Integration, are offered as PRO add-ons. Their price and terms are shown before you
        subscribe, and you can cancel them at the end of any billing period.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Availability and liability',
    body: (
      <>
        <p>
          We work to keep Marquee available and fast, but we do not promise it will be uninterrupted. We are not
          responsible for the events themselves, which are the organiser&rsquo;s.
        </p>
        <p>
          Nothing in these terms limits liability that cannot be limited by law. Otherwise, our total liability to an
          organiser in any 12 months is limited to the booking fees earned on that organiser&rsquo;s events in that
          period, and we are not liable for indirect or consequential loss.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and ending',
    body: (
      <p>
        We may update these terms; we will tell organisers by e-mail at least 30 days before a material change takes
        effect. Organisers can close their account at any time once their events have ended and outstanding payouts,
        refunds and chargebacks are settled.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Law',
    body: (
      <p>
        These terms are governed by the law of England and Wales, and its courts have jurisdiction. If you are a
        consumer, you also keep the protection of the mandatory law of the country where you live.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: <a href="mailto:legal@marquee.example">legal@marquee.example</a>. Questions about a
        specific event or ticket are best sent to its organiser, whose contact details are on the event page.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      summary="The rules for organisers who sell tickets with Marquee and for fans who buy them: organisers pay nothing, customers pay an 8% booking fee, and each ticket is sold by its organiser."
      sections={sections}
    />
  );
}
