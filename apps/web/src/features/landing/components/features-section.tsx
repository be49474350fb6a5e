// Features (#features): a bento grid of four cards - the dashboard demo, the ticket page on a phone, the
// integrations marquee and the analytics marquee. Every image is our own drawing, bundled by Vite.
import adsLogo from '../assets/logo-ads.svg';
import crmLogo from '../assets/logo-crm.svg';
import emailLogo from '../assets/logo-email.svg';
import sheetsLogo from '../assets/logo-sheets.svg';
import socialLogo from '../assets/logo-social.svg';
import customersChart from '../assets/chart-customers.svg';
import revenueChart from '../assets/chart-revenue.svg';
import salesChart from '../assets/chart-sales.svg';
import trafficChart from '../assets/chart-traffic.svg';
import demoDashboard from '../assets/demo-dashboard.svg';
import demoTicketPage from '../assets/demo-ticket-page.svg';
import type { ReactNode } from 'react';
import { MarqueeStrip } from './marquee-strip';

const INTEGRATIONS = [
  { name: 'Sheets', kind: 'Spreadsheet database', logo: sheetsLogo },
  { name: 'Ads', kind: 'Ad campaigns', logo: adsLogo },
  { name: 'CRM', kind: 'Customer records', logo: crmLogo },
  { name: 'Email', kind: 'E-mail marketing', logo: emailLogo },
  { name: 'Social', kind: 'Social channels', logo: socialLogo },
] as const;

const SCREENSHOTS = [
  { name: 'revenue', alt: 'Revenue chart rising over the month', src: revenueChart },
  { name: 'sales', alt: 'Bar chart of tickets sold per day', src: salesChart },
  { name: 'traffic', alt: 'Funnel from page views to sign ups to checkouts', src: trafficChart },
  { name: 'customers', alt: 'Top customers by lifetime spend', src: customersChart },
] as const;

type Integration = (typeof INTEGRATIONS)[number];
type Screenshot = (typeof SCREENSHOTS)[number];

function IntegrationChip({ item }: { item: Integration }) {
  return (
    <div className="border-border bg-background flex items-center gap-3 rounded-xl border py-2 pr-5 pl-2">
      <img src={item.logo} alt="" width={40} height={40} className="size-10" draggable={false} />
      <div className="text-left">
        <p className="text-sm font-semibold">{item.name}</p>
        <p className="text-muted-foreground text-[11px]">{item.kind}</p>
      </div>
    </div>
  );
}

function BentoCard({
  title,
  eyebrow,
  children,
  description,
  className = '',
}: {
  title: string;
  eyebrow: string;
  description: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <article
      className={`border-border bg-card group relative flex flex-col overflow-hidden rounded-3xl border transition-colors hover:border-[#00ea6f]/40 ${className}`}
    >
      <div className="p-6 sm:p-8">
        <p className="font-mono text-[11px] font-semibold tracking-widest text-emerald-700 uppercase dark:text-[#00ea6f]">
          {eyebrow}
        </p>
        <h3 className="font-display mt-2 text-4xl leading-none tracking-wide sm:text-5xl">{title}</h3>
        <p className="text-muted-foreground mt-3 max-w-md text-sm leading-relaxed">{description}</p>
      </div>
      {children}
    </article>
  );
}

export function FeaturesSection() {
  return (
    <section id="features" tabIndex={-1} aria-labelledby="features-heading" className="scroll-mt-20 py-24 outline-none">
      <div className="mx-auto max-w-6xl px-6">
        <p className="font-mono text-xs font-semibold tracking-widest text-emerald-700 uppercase dark:text-[#00ea6f]">
          Features
        </p>
        <h2
          id="features-heading"
          className="font-display mt-3 max-w-4xl text-6xl leading-[0.9] tracking-wide sm:text-7xl"
        >
          Everything you need to sell out. Nothing that sells you out.
        </h2>
        <div className="mt-14 grid gap-4 md:grid-cols-3 md:grid-rows-[auto_auto]">
          <BentoCard
            eyebrow="Dashboard"
            title="Run the night from one place"
            description="Events, revenue, customers and payouts in one dashboard. Publish in minutes, watch sales land in real time."
            className="md:col-span-2"
          >
            <div className="relative mt-auto pl-6 sm:pl-8">
              <img
                src={demoDashboard}
                alt="The Marquee dashboard: revenue, tickets sold, upcoming events and recent sales"
                width={1200}
                height={750}
                loading="lazy"
                className="w-full rounded-tl-xl border-t border-l border-white/10 shadow-2xl shadow-black/40 transition-transform duration-500 group-hover:-translate-y-1"
              />
            </div>
          </BentoCard>
          <BentoCard
            eyebrow="Ticket pages"
            title="Your brand on every phone"
            description="Mobile-first ticket pages on your own domain that load in under a second, even on bad 4G."
            className="md:row-span-2"
          >
            <div className="relative mt-auto flex justify-center px-6 pb-0">
              <div
                className="absolute inset-x-10 bottom-0 h-2/3 rounded-full bg-[#00ea6f]/25 blur-3xl"
                aria-hidden="true"
              />
              <img
                src={demoTicketPage}
                alt="A branded ticket page on a phone: event artwork, line-up, ticket price and a buy button"
                width={320}
                height={640}
                loading="lazy"
                className="relative -mb-16 w-60 drop-shadow-2xl transition-transform duration-500 group-hover:-translate-y-2 sm:w-64"
              />
            </div>
          </BentoCard>
          <BentoCard
            eyebrow="Integrations"
            title="Plugs into your stack"
            description="Send buyers to your spreadsheet, CRM, ads and e-mail lists automatically."
          >
            <div className="mt-auto flex flex-col gap-3 pb-8">
              <MarqueeStrip
                items={INTEGRATIONS}
                getKey={(item) => item.name}
                renderItem={(item) => <IntegrationChip item={item} />}
                durationSeconds={30}
                label="Integrations"
              />
              <MarqueeStrip
                items={[...INTEGRATIONS].reverse()}
                getKey={(item) => item.name}
                renderItem={(item) => <IntegrationChip item={item} />}
                durationSeconds={40}
                reverse
                label="More integrations"
              />
            </div>
          </BentoCard>
          <BentoCard
            eyebrow="Analytics"
            title="Numbers in real time"
            description="Page views, sign ups, ticket sales and revenue as they happen, not at the end of the month."
          >
            <div className="mt-auto pb-8">
              <MarqueeStrip
                items={SCREENSHOTS}
                getKey={(item: Screenshot) => item.name}
                renderItem={(item: Screenshot) => (
                  <img
                    src={item.src}
                    alt={item.alt}
                    width={360}
                    height={220}
                    draggable={false}
                    className="h-36 w-auto rounded-xl"
                  />
                )}
                durationSeconds={40}
                label="Analytics screenshots"
              />
            </div>
          </BentoCard>
        </div>
      </div>
    </section>
  );
}
