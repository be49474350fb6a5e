// Pricing (#pricing): free for organisers, customers pay an 8% booking fee; the feature list with one info
// tooltip at a time (hover or keyboard focus; Escape hides it), and its own get-started action.
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';

export const PRICING_FEATURES = [
  {
    name: 'Unlimited events',
    info: 'Publish as many events and ticket types as you like. No per-event or monthly charges.',
  },
  {
    name: 'Branded journey',
    info: 'Your logo, colours and fonts from the event page through checkout to the ticket e-mail.',
  },
  {
    name: 'Customers buy from you',
    info: 'Fans buy on your page and you are the seller of record: the relationship and the data stay yours.',
  },
  {
    name: 'Advanced analytics',
    detail: 'page views, sign ups, ticket sales, revenue in real time',
    info: 'Follow page views, sign ups, ticket sales and revenue live, per event and across all of them.',
  },
  {
    name: 'Custom domain',
    info: 'Sell from tickets.yourbrand.com. We set up SSL for you; a free subdomain works from day one.',
  },
  {
    name: 'Customer management',
    detail: 'lifetime spend, recent purchases',
    info: 'See every customer with their lifetime spend and recent purchases, search them and export them.',
  },
  {
    name: 'Mobile-responsive ticket pages',
    detail: 'load in under 1 second on bad 4G',
    info: 'Pages are server-rendered and tiny, so they load in under a second even on a poor 4G connection.',
  },
  {
    name: 'Automatic billing',
    info: 'Fees are added at checkout and payouts reach your bank through Stripe Connect. No invoices to chase.',
  },
  {
    name: 'Priority support',
    detail: 'same day or faster',
    info: 'A real person answers on the same day or faster, including on show nights.',
  },
  {
    name: 'API Integration',
    badge: 'PRO add-on',
    info: 'A REST API for your event and customer data, to connect Marquee to your own systems.',
  },
  {
    name: 'And more',
    info: 'Line-ups, age limits, refunds, resale and entry rules, with new features shipping every month.',
  },
] as const satisfies readonly { name: string; info: string; detail?: string; badge?: string }[];

function InfoIcon() {
  return (
    <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="6.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 7v4.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      <circle cx="8" cy="4.75" r="0.9" fill="currentColor" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden="true" focusable="false">
      <path
        d="M3 8.5l3 3 7-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface PricingSectionProps {
  isSignedIn: boolean;
  onGetStarted(): void;
}

export function PricingSection({ isSignedIn, onGetStarted }: PricingSectionProps) {
  const [openTooltip, setOpenTooltip] = useState<string | null>(null);
  const baseId = useId();

  useEffect(() => {
    if (!openTooltip) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenTooltip(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [openTooltip]);

  return (
    <section id="pricing" tabIndex={-1} aria-labelledby="pricing-heading" className="scroll-mt-20 py-24 outline-none">
      <div className="mx-auto max-w-6xl px-6">
        <p className="font-mono text-xs font-semibold tracking-widest text-emerald-700 uppercase dark:text-[#00ea6f]">
          Pricing
        </p>
        <h2 id="pricing-heading" className="font-display mt-3 text-6xl leading-[0.9] tracking-wide sm:text-7xl">
          Free for organisers. Forever.
        </h2>
        <div className="mt-14 grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <div className="relative isolate flex flex-col overflow-hidden rounded-3xl bg-[#00ea6f] p-8 text-[#0a0a0a] sm:p-10">
            <div
              className="absolute -right-24 -bottom-24 -z-10 size-72 rounded-full border-[40px] border-black/10"
              aria-hidden="true"
            />
            <p className="font-mono text-xs font-bold tracking-widest uppercase">Organisers pay</p>
            <p className="font-display mt-4 text-[9rem] leading-[0.8]">£0</p>
            <p className="mt-2 text-sm font-medium">No set-up fee, no monthly fee, no card on file.</p>
            <div className="my-8 h-px bg-black/15" />
            <p className="font-mono text-xs font-bold tracking-widest uppercase">Your customers pay</p>
            <p className="font-display mt-3 text-5xl leading-none tracking-wide">8% booking fee</p>
            <p className="mt-2 text-sm font-medium">
              In the price fans see. You keep 100% of the ticket price, or pay the fee yourself, event by event.
            </p>
            <div className="mt-auto pt-10">
              {isSignedIn ? (
                <Link to="/dashboard" className={`${buttonClasses('medium', 'secondary', 'w-full sm:w-auto')}`}>
                  App Dashboard
                </Link>
              ) : (
                <Button size="medium" variant="secondary" onClick={onGetStarted} className="w-full sm:w-auto">
                  Get Started
                </Button>
              )}
            </div>
          </div>
          <div className="border-border bg-card rounded-3xl border p-6 sm:p-10">
            <h3 className="font-display text-3xl tracking-wide">Everything included</h3>
            <ul className="mt-6 grid gap-x-6 sm:grid-cols-2">
              {PRICING_FEATURES.map((feature) => {
                const tooltipId = `${baseId}-${feature.name.replace(/\W+/g, '-')}`;
                const isOpen = openTooltip === feature.name;
                const detail = 'detail' in feature ? feature.detail : undefined;
                const badge = 'badge' in feature ? feature.badge : undefined;
                return (
                  <li
                    key={feature.name}
                    className="border-border relative flex items-start gap-3 border-b py-3.5"
                    onMouseEnter={() => setOpenTooltip(feature.name)}
                    onMouseLeave={() => setOpenTooltip((current) => (current === feature.name ? null : current))}
                  >
                    <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-[#00ea6f] text-[#0a0a0a]">
                      <CheckIcon />
                    </span>
                    <span className="min-w-0 flex-1 text-sm leading-snug">
                      <span className="font-semibold">{feature.name}</span>
                      {badge && (
                        <span className="ml-2 rounded-full border border-current px-1.5 py-px font-mono text-[10px] font-bold tracking-wide text-emerald-700 uppercase dark:text-[#00ea6f]">
                          {badge}
                        </span>
                      )}
                      {detail && <span className="text-muted-foreground block text-xs">({detail})</span>}
                    </span>
                    <button
                      type="button"
                      aria-label={`About ${feature.name}`}
                      aria-describedby={isOpen ? tooltipId : undefined}
                      onFocus={() => setOpenTooltip(feature.name)}
                      onBlur={() => setOpenTooltip((current) => (current === feature.name ? null : current))}
                      onClick={() => setOpenTooltip(feature.name)}
                      className="text-muted-foreground hover:text-foreground -m-1 shrink-0 rounded-full p-1"
                    >
                      <InfoIcon />
                    </button>
                    {isOpen && (
                      <span
                        id={tooltipId}
                        role="tooltip"
                        className="absolute right-0 bottom-full z-20 mb-1 w-64 rounded-lg bg-[#0a0a0a] px-3 py-2 text-xs leading-relaxed text-[#fafafa] shadow-xl ring-1 ring-white/10"
                      >
                        {feature.info}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
