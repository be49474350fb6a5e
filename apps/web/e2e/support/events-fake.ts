// An in-memory stand-in for the events API (the contract in packages/shared/src/events.ts), served to the
// page with page.route, so the events screens can be checked before the server side lands. It also fakes
// the session and the organisation so /dashboard opens without signing in.
import type { Page, Request, Route } from '@playwright/test';
import sharp from 'sharp';
import {
  eventSummarySchema,
  QUEUE_CHECKOUT_TARGET_MS,
  QUEUE_DEFAULT_RATE_PER_MINUTE,
  QUEUE_START_RATE_PER_MINUTE,
  SETTLEMENT_MESSAGES,
  type EventDto,
  type EventInput,
  type EventSettlement,
  type EventsList,
  type QueueStatus,
} from '@marquee/shared';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

const artworkColours = [
  ['#00ea6f', '#0a3d2a'],
  ['#ff4d8d', '#2b0a3d'],
  ['#ffb300', '#3d1f0a'],
  ['#4da3ff', '#0a1a3d'],
  ['#b26bff', '#1a0a3d'],
] as const;

/** A poster-like PNG: a diagonal gradient with a glow and a few bars. */
export async function makeArtwork(index: number, width = 800, height = 600): Promise<Buffer> {
  const [a, b] = artworkColours[index % artworkColours.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="#050505"/></linearGradient>
      <radialGradient id="r" cx="0.7" cy="0.35" r="0.5"><stop offset="0" stop-color="${a}" stop-opacity="0.9"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect width="100%" height="100%" fill="url(#r)"/>
    ${Array.from({ length: 9 }, (_, bar) => `<rect x="${60 + bar * 34}" y="${height - 80 - ((bar * 37 + index * 53) % 180)}" width="18" height="${((bar * 37 + index * 53) % 180) + 20}" fill="${a}" opacity="0.55" rx="4"/>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const now = '2025-06-01T10:00:00.000Z';

export function makeEvent(overrides: Partial<EventDto> & { id: string }): EventDto {
  return {
    status: 'live',
    name: 'Untitled',
    slug: 'untitled',
    description: 'A night to remember.',
    artwork_url: '',
    location: 'Warehouse 9, London',
    start_local: '2025-09-05T20:00',
    end_local: '2025-09-06T03:00',
    last_entry_local: '',
    time_zone: 'Europe/London',
    starts_at: '2025-09-05T19:00:00.000Z',
    ends_at: '2025-09-06T02:00:00.000Z',
    last_entry_at: null,
    lineup: [],
    minimum_age: 18,
    terms_of_service: '',
    sold_on_entry: true,
    refunds_allowed: true,
    resale_allowed: false,
    remove_on_event_end: true,
    absorb_fee: false,
    currency: 'GBP',
    price: '15.00',
    free: false,
    capacity: 400,
    ticket_types: [],
    sold: 0,
    held: 0,
    revenue_minor: 0,
    public_url: null,
    published_at: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export function sampleEvents(): EventDto[] {
  return [
    makeEvent({
      id: 'evt_1',
      name: 'Warehouse Sessions',
      artwork_url: '/uploads/event-artwork/sample-0.png',
      location: 'Printworks, London',
      start_local: '2030-01-05T20:00',
      end_local: '2030-01-06T04:00',
      lineup: ['Kettama', 'Sherelle'],
      sold: 312,
      revenue_minor: 468000,
      resale_allowed: true,
      public_url: 'http://acme.localhost:3160/e/warehouse-sessions',
      published_at: now,
      ticket_types: [
        {
          id: 'tt_1',
          name: 'General Admission',
          description: '',
          price_minor: 1500,
          minimum_price_minor: null,
          currency: 'GBP',
          capacity: 400,
          sold: 312,
          held: 0,
          max_per_order: 10,
          hidden: false,
          vat_category: 'standard',
          sort: 0,
          sales_start_local: null,
          sales_end_local: null,
        },
      ],
    }),
    makeEvent({
      id: 'evt_2',
      status: 'draft',
      name: 'Rooftop Jazz Brunch',
      artwork_url: '/uploads/event-artwork/sample-1.png',
      location: 'Skyline Terrace, Manchester',
      start_local: '2030-02-14T12:30',
      end_local: '2030-02-14T17:00',
      refunds_allowed: false,
      currency: 'EUR',
      price: '32.50',
      capacity: null,
    }),
    makeEvent({
      id: 'evt_3',
      name: 'Neon Run 10K',
      location: 'Victoria Park, London',
      start_local: '2030-03-22T09:00',
      end_local: '2030-03-22T13:00',
      sold_on_entry: false,
      sold: 88,
      revenue_minor: 176000,
      published_at: now,
      public_url: 'http://acme.localhost:3160/e/neon-run',
    }),
    makeEvent({
      id: 'evt_9',
      status: 'archived',
      name: 'Winter Warmer 2024',
      artwork_url: '/uploads/event-artwork/sample-2.png',
      location: 'The Old Mill, Leeds',
      start_local: '2024-12-14T19:00',
      end_local: '2024-12-15T01:00',
      sold: 250,
      revenue_minor: 375000,
      published_at: now,
    }),
  ];
}

export class FakeEventsApi {
  events = new Map<string, EventDto>();
  requests: RecordedRequest[] = [];
  payoutsEnabled = false;
  /** Delay for GET /api/events/:id, to see the loading state. */
  eventDelayMs = 0;
  listFails = false;
  private nextId = 100;

  constructor(events: EventDto[] = sampleEvents()) {
    for (const event of events) this.events.set(event.id, event);
  }

  private isUpcoming(event: EventDto) {
    return !event.end_local || event.end_local >= '2026-01-01T00:00';
  }

  list(): EventsList {
    const all = [...this.events.values()].sort((a, b) => a.start_local.localeCompare(b.start_local));
    const metric = (value: number, change: number, label: string) => ({ value, change, label });
    return {
      // The lists carry summaries (the card's fields), as the server does.
      upcoming: all.filter((event) => this.isUpcoming(event)).map((event) => eventSummarySchema.parse(event)),
      previous: all.filter((event) => !this.isUpcoming(event)).map((event) => eventSummarySchema.parse(event)),
      metrics: {
        total_events: metric(all.length, 12.5, 'last month'),
        event_tickets: metric(
          all.reduce((sum, event) => sum + event.sold, 0),
          -3,
          'last month',
        ),
        event_revenue: metric(
          all.reduce((sum, event) => sum + event.revenue_minor, 0),
          8.2,
          'last month',
        ),
        avg_attendance: metric(78.4, 0, 'last month'),
        currency: 'GBP',
      },
    };
  }

  private apply(event: EventDto, input: EventInput): EventDto {
    const next = { ...event, updated_at: new Date().toISOString() };
    const map: Array<[keyof EventInput, keyof EventDto]> = [
      ['artwork_url', 'artwork_url'],
      ['name', 'name'],
      ['description', 'description'],
      ['location', 'location'],
      ['start_local', 'start_local'],
      ['end_local', 'end_local'],
      ['last_entry_local', 'last_entry_local'],
      ['time_zone', 'time_zone'],
      ['lineup', 'lineup'],
      ['currency', 'currency'],
      ['price', 'price'],
      ['capacity', 'capacity'],
      ['sold_on_entry', 'sold_on_entry'],
      ['refunds_allowed', 'refunds_allowed'],
      ['resale_allowed', 'resale_allowed'],
      ['remove_on_event_end', 'remove_on_event_end'],
      ['minimum_age', 'minimum_age'],
      ['terms_of_service', 'terms_of_service'],
    ];
    for (const [from, to] of map) if (input[from] !== undefined) (next as Record<string, unknown>)[to] = input[from];
    return next;
  }

  async install(page: Page) {
    const artworks = await Promise.all([0, 1, 2, 3, 4].map((index) => makeArtwork(index)));
    const json = (route: Route, status: number, body: unknown) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    const error = (route: Route, status: number, code: string, message: string, fields?: unknown) =>
      json(route, status, { error: { code, message, ...(fields ? { fields } : {}) } });

    await page.route('**/api/auth/get-session', (route) =>
      json(route, 200, {
        session: {
          id: 'ses_1',
          userId: 'usr_1',
          token: 'token',
          expiresAt: '2099-01-01T00:00:00.000Z',
          createdAt: now,
          updatedAt: now,
        },
        user: {
          id: 'usr_1',
          email: 'owner@acme.test',
          name: 'Acme Owner',
          emailVerified: true,
          image: null,
          createdAt: now,
          updatedAt: now,
        },
      }),
    );
    await page.route('**/api/org/info', (route) =>
      json(route, 200, {
        organization: {
          id: 'org_1',
          name: 'Acme Events',
          image: null,
          subdomain: 'acme',
          custom_domain: null,
          custom_domain_verified: 0,
          custom_domain_wizard_completed: 0,
          stripe_account_id: null,
          payouts_enabled: this.payoutsEnabled,
          default_currency: 'GBP',
          active_domain: 'acme.localhost',
        },
      }),
    );
    // The getting-started checklist, from the fake's events (decision 028).
    await page.route('**/api/dashboard/checklist', (route) => {
      const all = [...this.events.values()];
      const items = {
        payouts: this.payoutsEnabled,
        first_event: all.length > 0,
        publish: all.some((event) => event.status === 'live' || event.status === 'archived'),
        share: false,
      };
      return json(route, 200, {
        items,
        all_done: false,
        waiting_drafts: all.filter((event) => event.status === 'draft').length,
        storefront_url: 'http://acme.localhost',
      });
    });
    await page.route('**/uploads/**', (route) => {
      const index = Number(/sample-(\d+)/.exec(route.request().url())?.[1] ?? 3);
      return route.fulfill({ status: 200, contentType: 'image/png', body: artworks[index % artworks.length] });
    });
    await page.route(/\/api\/events\/[^/]+\/qr\.svg$/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><rect width="21" height="21" fill="#fff"/><path d="M1 1h7v7H1zM13 1h7v7h-7zM1 13h7v7H1z" fill="none" stroke="#000" stroke-width="1.5"/><path d="M3 3h3v3H3zM15 3h3v3h-3zM3 15h3v3H3zM10 2h1v4h-1zM10 10h6v1h-6zM12 13h2v2h-2zM17 14h2v5h-2zM10 17h4v2h-4z"/></svg>',
      }),
    );
    await page.route('**/api/uploads/image', async (route) => {
      this.record(route.request());
      return json(route, 200, {
        id: 'img_1',
        url: '/uploads/event-artwork/uploaded-3.png',
        width: 800,
        height: 600,
        contentType: 'image/png',
      });
    });
    // The event view's check-in section: nobody checked in yet.
    await page.route(/\/api\/checkin\/events\/[^/]+\/log$/, (route) =>
      json(route, 200, {
        checked_in: 0,
        sold: 0,
        door: { orders: 0, tickets: 0, amount_minor: 0, cash_minor: 0, card_minor: 0 },
        currency: 'GBP',
        arrivals: [],
        entries: [],
      }),
    );
    await page.route('**/api/dashboard/overview', (route) => {
      this.record(route.request());
      const list = this.list();
      return json(route, 200, {
        metrics: {
          total_revenue: { value: 1019000, change: 14.2, label: 'last month' },
          tickets_sold: { value: 650, change: 5, label: 'last month' },
          upcoming_events: { value: list.upcoming.length, change: 0, label: 'scheduled' },
          total_customers: { value: 512, change: -2.4, label: 'last month' },
          currency: 'GBP',
        },
        upcoming: list.upcoming.filter((event) => event.status === 'live'),
      });
    });
    await page.route(/\/api\/events(\/[^?]*)?(\?.*)?$/, async (route) => {
      const request = route.request();
      const method = request.method();
      const path = new URL(request.url()).pathname;
      if (path.endsWith('/qr.svg')) return route.fallback();
      this.record(request);
      const body = request.postDataJSON() as EventInput | null;
      const [, , , id, action] = path.split('/');
      if (!id) {
        if (method === 'GET')
          return this.listFails ? error(route, 500, 'INTERNAL', 'Boom') : json(route, 200, this.list());
        if (method === 'POST') {
          const event = this.apply(
            makeEvent({
              id: `evt_${this.nextId++}`,
              status: 'draft',
              name: '',
              location: '',
              start_local: '',
              end_local: '',
              price: '',
              capacity: null,
              minimum_age: 0,
              description: '',
            }),
            body ?? {},
          );
          this.events.set(event.id, event);
          return json(route, 201, event);
        }
      }
      const event = id ? this.events.get(id) : undefined;
      if (!event) return error(route, 404, 'NOT_FOUND', 'Event not found');
      if (!action) {
        if (method === 'GET') {
          if (this.eventDelayMs) await new Promise((resolve) => setTimeout(resolve, this.eventDelayMs));
          return json(route, 200, event);
        }
        if (method === 'PUT') {
          const next = this.apply(event, body ?? {});
          this.events.set(next.id, next);
          return json(route, 200, next);
        }
        if (method === 'DELETE') {
          this.events.delete(event.id);
          return route.fulfill({ status: 204 });
        }
      }
      if (method === 'POST' && action === 'publish') {
        if (!this.payoutsEnabled)
          return error(
            route,
            409,
            'PAYOUTS_NOT_ENABLED',
            'Enable payouts to publish events and to start receiving ticket sales.',
          );
        const next: EventDto = {
          ...event,
          status: 'live',
          published_at: now,
          public_url: `http://acme.localhost:3160/e/${event.id}`,
        };
        this.events.set(next.id, next);
        return json(route, 200, next);
      }
      if (method === 'POST' && (action === 'unpublish' || action === 'archive')) {
        const next: EventDto = { ...event, status: action === 'archive' ? 'archived' : 'draft' };
        this.events.set(next.id, next);
        return json(route, 200, next);
      }
      // The event view's Orders section: no orders in the fake.
      if (method === 'GET' && action === 'orders')
        return json(route, 200, { orders: [], total: 0, page: 1, page_size: 50 });
      // Its On-sale & limits and Codes sections: the defaults and no codes.
      if (method === 'GET' && action === 'sales')
        return json(route, 200, {
          time_zone: event.time_zone,
          sales_start_local: null,
          sales_end_local: null,
          sales_start_at: null,
          sales_end_at: null,
          max_tickets_per_order: 20,
          max_tickets_per_email: 40,
        });
      if (method === 'GET' && action === 'codes') return json(route, 200, { codes: [] });
      // Its Waiting room section (off, as for a small event) and waiting-list line (nobody waiting).
      if (method === 'GET' && action === 'queue')
        return json(route, 200, {
          mode: 'auto',
          enabled: false,
          auto_capacity: 1000,
          rate_per_minute: QUEUE_DEFAULT_RATE_PER_MINUTE,
          admitting_per_minute: QUEUE_START_RATE_PER_MINUTE,
          admission_reason: 'starting',
          checkout_ms: null,
          checkout_target_ms: QUEUE_CHECKOUT_TARGET_MS,
          opens_at: null,
          state: 'off',
          in_lobby: 0,
          waiting: 0,
          admitted: 0,
          in_checkout: 0,
          sold: 0,
          capacity: event.capacity,
        } satisfies QueueStatus);
      if (method === 'GET' && action === 'waitlist')
        return json(route, 200, { waiting: 0, waiting_tickets: 0, offered: 0 });
      // Its Dates (a single event), Shared quotas, Checkout questions and Guest list sections: nothing yet.
      if (method === 'GET' && action === 'dates')
        return json(route, 200, {
          series_id: null,
          dates: [
            {
              id: event.id,
              status: event.status,
              start_local: event.start_local,
              time_zone: event.time_zone,
              starts_at: event.starts_at,
              sold: event.sold,
              held: event.held,
              capacity: event.capacity,
              revenue_minor: event.revenue_minor,
              public_url: event.public_url,
            },
          ],
          totals: {
            sold: event.sold,
            capacity: event.capacity,
            revenue_minor: event.revenue_minor,
            currency: event.currency,
          },
        });
      if (method === 'GET' && action === 'quotas') return json(route, 200, { quotas: [] });
      // Messages to ticket holders (decision 154): none sent yet, nobody to send to in the fake.
      if (method === 'GET' && action === 'messages') {
        const sub = path.split('/')[5];
        if (sub === 'audience') return json(route, 200, { recipients: 0 });
        if (!sub) return json(route, 200, { messages: [] });
      }
      if (method === 'GET' && action === 'add-ons') return json(route, 200, { add_ons: [] });
      // Its Settlement section (decision 136): no sales yet.
      if (method === 'GET' && action === 'settlement')
        return json(route, 200, {
          event_id: event.id,
          event_name: event.name,
          starts_at: event.starts_at,
          currencies: [],
          provider_fees: { note: SETTLEMENT_MESSAGES.providerFees.sandbox },
          generated_at: new Date().toISOString(),
        } satisfies EventSettlement);
      if (method === 'GET' && action === 'questions')
        return json(route, 200, { settings: { ticket_names: 'off', answers_editable_until: null }, questions: [] });
      if (method === 'GET' && action === 'comps')
        return json(route, 200, { comps: [], total: 0, tickets: 0, page: 1, page_size: 50, currency: event.currency });
      return error(route, 405, 'METHOD_NOT_ALLOWED', 'Not allowed');
    });
  }

  private record(request: Request) {
    let body: unknown;
    try {
      body = request.postDataJSON();
    } catch {
      body = '(form data)';
    }
    this.requests.push({ method: request.method(), path: new URL(request.url()).pathname, body });
  }

  writes() {
    return this.requests.filter((request) => request.method !== 'GET');
  }
}
