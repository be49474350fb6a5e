// Generated from GET /api/v1/openapi.json by openapi-typescript: UPDATE_API_TYPES=1 runs v1-openapi.test.ts.
export interface paths {
  '/api/v1/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List events, oldest first */
    get: operations['listEvents'];
    put?: never;
    /** Create a draft event */
    post: operations['createEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get an event with its ticket types */
    get: operations['getEvent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Change an event (fields left out stay as they are) */
    patch: operations['updateEvent'];
    trace?: never;
  };
  '/api/v1/orders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List orders, oldest first (optionally of one event) */
    get: operations['listOrders'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/orders/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get an order with its lines, tickets, refunds and history */
    get: operations['getOrder'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/attendees': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List tickets and their holders, oldest first (optionally of one event) */
    get: operations['listAttendees'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List customers, by first purchase */
    get: operations['listCustomers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a customer with their events */
    get: operations['getCustomer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/{id}/publish': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Publish an event: its page goes live and tickets go on sale */
    post: operations['publishEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/{id}/ticket-types': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add a ticket type to an event */
    post: operations['createTicketType'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/{id}/ticket-types/{typeId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Replace a ticket type's fields (sold and held tickets stay as they are) */
    put: operations['updateTicketType'];
    post?: never;
    /** Remove a ticket type that has sold nothing */
    delete: operations['deleteTicketType'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/{id}/codes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List an event's promo and access codes */
    get: operations['listCodes'];
    put?: never;
    /** Create a promo or access code (or a batch of them) */
    post: operations['createCodes'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/orders/{id}/refunds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Refund tickets of an order (all or part of their price) */
    post: operations['refundOrder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/checkins/events/{eventId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An event's door: tickets checked in of how many */
    get: operations['getCheckinEvent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/checkins/events/{eventId}/scan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Check a ticket in by its code or QR payload */
    post: operations['scanTicket'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    ErrorInput: {
      error: {
        code: string;
        message: string;
        fields?: {
          path: string;
          message: string;
        }[];
      };
    };
    EventSummaryInput: {
      id: string;
      /** @enum {string} */
      status: 'draft' | 'live' | 'archived' | 'cancelled';
      name: string;
      slug: string;
      location: string;
      time_zone: string;
      starts_at: string | null;
      ends_at: string | null;
      capacity: number | null;
      published_at: string | null;
      created_at: string;
      updated_at: string;
    };
    OrderSummaryInput: {
      id: string;
      code: string;
      event_id: string;
      status: string;
      channel: string;
      buyer_name: string;
      email: string;
      quantity: number;
      amount_minor: number;
      fee_minor: number;
      refunded_minor: number;
      currency: string;
      created_at: string;
      paid_at: string | null;
      updated_at: string;
    };
    AttendeeInput: {
      id: string;
      code: string;
      event_id: string;
      order_id: string;
      ticket_type_id: string;
      status: string;
      holder_name: string;
      holder_email: string | null;
      checked_in_at: string | null;
      created_at: string;
    };
    CustomerSummaryInput: {
      id: string;
      email: string;
      first_name: string;
      last_name: string;
      phone: string | null;
      country: string | null;
      orders: number;
      tickets: number;
      marketing_consent: boolean;
      first_purchase_at: string;
      last_purchase_at: string;
    };
    Error: {
      error: {
        code: string;
        message: string;
        fields?: {
          path: string;
          message: string;
        }[];
      };
    };
    EventSummary: {
      id: string;
      /** @enum {string} */
      status: 'draft' | 'live' | 'archived' | 'cancelled';
      name: string;
      slug: string;
      location: string;
      time_zone: string;
      starts_at: string | null;
      ends_at: string | null;
      capacity: number | null;
      published_at: string | null;
      created_at: string;
      updated_at: string;
    };
    OrderSummary: {
      id: string;
      code: string;
      event_id: string;
      status: string;
      channel: string;
      buyer_name: string;
      email: string;
      quantity: number;
      amount_minor: number;
      fee_minor: number;
      refunded_minor: number;
      currency: string;
      created_at: string;
      paid_at: string | null;
      updated_at: string;
    };
    Attendee: {
      id: string;
      code: string;
      event_id: string;
      order_id: string;
      ticket_type_id: string;
      status: string;
      holder_name: string;
      holder_email: string | null;
      checked_in_at: string | null;
      created_at: string;
    };
    CustomerSummary: {
      id: string;
      email: string;
      first_name: string;
      last_name: string;
      phone: string | null;
      country: string | null;
      orders: number;
      tickets: number;
      marketing_consent: boolean;
      first_purchase_at: string;
      last_purchase_at: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listEvents: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        updated_since?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['EventSummary'][];
            next_cursor: string | null;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description Unique per operation; the same key with the same request returns the first answer again */
        'idempotency-key': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          artwork_url?: string;
          name?: string;
          description?: string;
          location?: string;
          start_local?: string | '';
          end_local?: string | '';
          last_entry_local?: string | '';
          time_zone?: string;
          lineup?: string[];
          /** @enum {string} */
          currency?: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
          price?: string | '';
          free?: boolean;
          capacity?: number | null;
          sold_on_entry?: boolean;
          refunds_allowed?: boolean;
          resale_allowed?: boolean;
          remove_on_event_end?: boolean;
          minimum_age?: number;
          terms_of_service?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            status: 'draft' | 'live' | 'archived' | 'cancelled';
            name: string;
            slug: string;
            description: string;
            artwork_url: string;
            location: string;
            start_local: string;
            end_local: string;
            last_entry_local: string;
            time_zone: string;
            starts_at: string | null;
            ends_at: string | null;
            last_entry_at: string | null;
            lineup: string[];
            minimum_age: number;
            terms_of_service: string;
            sold_on_entry: boolean;
            refunds_allowed: boolean;
            resale_allowed: boolean;
            remove_on_event_end: boolean;
            absorb_fee: boolean;
            /** @enum {string} */
            currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
            price: string;
            free: boolean;
            capacity: number | null;
            ticket_types: {
              id: string;
              name: string;
              description: string;
              price_minor: number | null;
              minimum_price_minor: number | null;
              /** @enum {string} */
              currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
              capacity: number | null;
              sold: number;
              held: number;
              max_per_order: number;
              hidden: boolean;
              /** @enum {string} */
              vat_category: 'standard' | 'reduced' | 'reduced_2' | 'zero' | 'exempt';
              sort: number;
              sales_start_local: string | null;
              sales_end_local: string | null;
            }[];
            sold: number;
            held: number;
            revenue_minor: number;
            public_url: string | null;
            published_at: string | null;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            status: 'draft' | 'live' | 'archived' | 'cancelled';
            name: string;
            slug: string;
            description: string;
            artwork_url: string;
            location: string;
            start_local: string;
            end_local: string;
            last_entry_local: string;
            time_zone: string;
            starts_at: string | null;
            ends_at: string | null;
            last_entry_at: string | null;
            lineup: string[];
            minimum_age: number;
            terms_of_service: string;
            sold_on_entry: boolean;
            refunds_allowed: boolean;
            resale_allowed: boolean;
            remove_on_event_end: boolean;
            absorb_fee: boolean;
            /** @enum {string} */
            currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
            price: string;
            free: boolean;
            capacity: number | null;
            ticket_types: {
              id: string;
              name: string;
              description: string;
              price_minor: number | null;
              minimum_price_minor: number | null;
              /** @enum {string} */
              currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
              capacity: number | null;
              sold: number;
              held: number;
              max_per_order: number;
              hidden: boolean;
              /** @enum {string} */
              vat_category: 'standard' | 'reduced' | 'reduced_2' | 'zero' | 'exempt';
              sort: number;
              sales_start_local: string | null;
              sales_end_local: string | null;
            }[];
            sold: number;
            held: number;
            revenue_minor: number;
            public_url: string | null;
            published_at: string | null;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          artwork_url?: string;
          name?: string;
          description?: string;
          location?: string;
          start_local?: string | '';
          end_local?: string | '';
          last_entry_local?: string | '';
          time_zone?: string;
          lineup?: string[];
          /** @enum {string} */
          currency?: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
          price?: string | '';
          free?: boolean;
          capacity?: number | null;
          sold_on_entry?: boolean;
          refunds_allowed?: boolean;
          resale_allowed?: boolean;
          remove_on_event_end?: boolean;
          minimum_age?: number;
          terms_of_service?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            status: 'draft' | 'live' | 'archived' | 'cancelled';
            name: string;
            slug: string;
            description: string;
            artwork_url: string;
            location: string;
            start_local: string;
            end_local: string;
            last_entry_local: string;
            time_zone: string;
            starts_at: string | null;
            ends_at: string | null;
            last_entry_at: string | null;
            lineup: string[];
            minimum_age: number;
            terms_of_service: string;
            sold_on_entry: boolean;
            refunds_allowed: boolean;
            resale_allowed: boolean;
            remove_on_event_end: boolean;
            absorb_fee: boolean;
            /** @enum {string} */
            currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
            price: string;
            free: boolean;
            capacity: number | null;
            ticket_types: {
              id: string;
              name: string;
              description: string;
              price_minor: number | null;
              minimum_price_minor: number | null;
              /** @enum {string} */
              currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
              capacity: number | null;
              sold: number;
              held: number;
              max_per_order: number;
              hidden: boolean;
              /** @enum {string} */
              vat_category: 'standard' | 'reduced' | 'reduced_2' | 'zero' | 'exempt';
              sort: number;
              sales_start_local: string | null;
              sales_end_local: string | null;
            }[];
            sold: number;
            held: number;
            revenue_minor: number;
            public_url: string | null;
            published_at: string | null;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listOrders: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        updated_since?: string;
        event_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['OrderSummary'][];
            next_cursor: string | null;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getOrder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            code: string;
            buyer_name: string;
            email: string;
            quantity: number;
            total_minor: number;
            /** @enum {string} */
            currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
            /** @enum {string} */
            status: 'pending' | 'paid' | 'expired' | 'cancelled' | 'refunded' | 'partially_refunded' | 'payment_review';
            created_at: string;
            paid_at: string | null;
            /** @enum {string} */
            channel: 'online' | 'door' | 'comp';
            door_payment: ('cash' | 'card') | null;
            event: {
              id: string;
              name: string;
            };
            first_name: string;
            last_name: string;
            phone: string | null;
            country: string | null;
            marketing_consent: boolean;
            amount_minor: number;
            fee_minor: number;
            absorbed_fee_minor: number;
            refunded_minor: number;
            refundable_minor: number;
            refunds_allowed: boolean;
            refunds: {
              id: string;
              /** @enum {string} */
              status: 'requested' | 'declined' | 'pending' | 'failed' | 'succeeded';
              /** @enum {string} */
              requested_by: 'fan' | 'organiser';
              ticket_codes: string[];
              amount_minor: number;
              reason: string;
              decline_reason: string | null;
              created_at: string;
            }[];
            promo_code: string | null;
            discount_minor: number;
            lines: {
              id: string;
              ticket_type_id: string;
              name: string;
              quantity: number;
              unit_price_minor: number;
              unit_fee_minor: number;
            }[];
            tickets: {
              id: string;
              code: string;
              type_name: string;
              /** @enum {string} */
              status: 'valid' | 'checked_in' | 'listed' | 'transferred' | 'resold' | 'refunded' | 'cancelled';
              checked_in_at: string | null;
              refunded_minor: number;
              holder_name: string;
              holder_email: string | null;
              unit_price_minor: number;
              answers?: {
                question_id: string;
                label: string;
                value: string;
              }[];
            }[];
            add_ons: {
              id: string;
              add_on_id: string;
              name: string;
              quantity: number;
              unit_price_minor: number;
              handed_over: number;
            }[];
            documents?: {
              /** @enum {string} */
              kind: 'receipt' | 'credit_note';
              number: string;
              total_minor: number;
              currency: string;
              issued_at: string;
              cancelled_by?: string | null;
              cancels?: string | null;
            }[];
            billing?: {
              company_name: string;
              address: string;
              vat_id: string | null;
            } | null;
            answers?: {
              question_id: string;
              label: string;
              value: string;
            }[];
            attendees?: {
              slot: number;
              type_name: string;
              name: string;
              answers: {
                question_id: string;
                label: string;
                value: string;
              }[];
            }[];
            history: {
              id: string;
              action: string;
              from_status: string | null;
              to_status: string | null;
              actor: string;
              device: string | null;
              ticket_code: string | null;
              note: string | null;
              at: string;
            }[];
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listAttendees: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
        event_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Attendee'][];
            next_cursor: string | null;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listCustomers: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['CustomerSummary'][];
            next_cursor: string | null;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            email: string;
            phone: string | null;
            country: string | null;
            events_attended: number;
            total_spent: {
              /** @enum {string} */
              currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
              amount_minor: number;
            }[];
            date_joined: string;
            last_purchase: string;
            marketing_consent: boolean;
            /** @enum {string} */
            status: 'Active' | 'New' | 'VIP';
            events: {
              id: string;
              name: string;
              starts_at: string | null;
              purchased_at: string;
              tickets: number;
              image_url: string | null;
              promo_codes: string[];
            }[];
            comps: {
              event_id: string;
              event_name: string;
              tickets: number;
              issued_at: string;
            }[];
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  publishEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description Unique per operation; the same key with the same request returns the first answer again */
        'idempotency-key': string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            status: 'draft' | 'live' | 'archived' | 'cancelled';
            name: string;
            slug: string;
            description: string;
            artwork_url: string;
            location: string;
            start_local: string;
            end_local: string;
            last_entry_local: string;
            time_zone: string;
            starts_at: string | null;
            ends_at: string | null;
            last_entry_at: string | null;
            lineup: string[];
            minimum_age: number;
            terms_of_service: string;
            sold_on_entry: boolean;
            refunds_allowed: boolean;
            resale_allowed: boolean;
            remove_on_event_end: boolean;
            absorb_fee: boolean;
            /** @enum {string} */
            currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
            price: string;
            free: boolean;
            capacity: number | null;
            ticket_types: {
              id: string;
              name: string;
              description: string;
              price_minor: number | null;
              minimum_price_minor: number | null;
              /** @enum {string} */
              currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
              capacity: number | null;
              sold: number;
              held: number;
              max_per_order: number;
              hidden: boolean;
              /** @enum {string} */
              vat_category: 'standard' | 'reduced' | 'reduced_2' | 'zero' | 'exempt';
              sort: number;
              sales_start_local: string | null;
              sales_end_local: string | null;
            }[];
            sold: number;
            held: number;
            revenue_minor: number;
            public_url: string | null;
            published_at: string | null;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createTicketType: {
    parameters: {
      query?: never;
      header: {
        /** @description Unique per operation; the same key with the same request returns the first answer again */
        'idempotency-key': string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          /** @default  */
          description?: string;
          /** @default  */
          price?: string | '';
          /** @default false */
          free?: boolean;
          /** @default false */
          pay_what_you_want?: boolean;
          /** @default  */
          minimum_price?: string | '';
          /** @default null */
          capacity?: number | null;
          /** @default 10 */
          max_per_order?: number;
          /** @default false */
          hidden?: boolean;
          /**
           * @default standard
           * @enum {string}
           */
          vat_category?: 'standard' | 'reduced' | 'reduced_2' | 'zero' | 'exempt';
          /** @default null */
          sales_start_local?: string | null;
          /** @default null */
          sales_end_local?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            description: string;
            price_minor: number | null;
            minimum_price_minor: number | null;
            /** @enum {string} */
            currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
            capacity: number | null;
            sold: number;
            held: number;
            max_per_order: number;
            hidden: boolean;
            /** @enum {string} */
            vat_category: 'standard' | 'reduced' | 'reduced_2' | 'zero' | 'exempt';
            sort: number;
            sales_start_local: string | null;
            sales_end_local: string | null;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateTicketType: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        typeId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          /** @default  */
          description?: string;
          /** @default  */
          price?: string | '';
          /** @default false */
          free?: boolean;
          /** @default false */
          pay_what_you_want?: boolean;
          /** @default  */
          minimum_price?: string | '';
          /** @default null */
          capacity?: number | null;
          /** @default 10 */
          max_per_order?: number;
          /** @default false */
          hidden?: boolean;
          /**
           * @default standard
           * @enum {string}
           */
          vat_category?: 'standard' | 'reduced' | 'reduced_2' | 'zero' | 'exempt';
          /** @default null */
          sales_start_local?: string | null;
          /** @default null */
          sales_end_local?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            description: string;
            price_minor: number | null;
            minimum_price_minor: number | null;
            /** @enum {string} */
            currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
            capacity: number | null;
            sold: number;
            held: number;
            max_per_order: number;
            hidden: boolean;
            /** @enum {string} */
            vat_category: 'standard' | 'reduced' | 'reduced_2' | 'zero' | 'exempt';
            sort: number;
            sales_start_local: string | null;
            sales_end_local: string | null;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteTicketType: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        typeId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listCodes: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            codes: {
              id: string;
              /** @enum {string} */
              kind: 'access' | 'promo';
              code: string;
              label: string;
              batch_id: string | null;
              batch_size: number;
              ticket_type_ids: string[];
              discount_kind: ('percent' | 'fixed') | null;
              discount_value: number | null;
              max_uses: number | null;
              uses: number;
              max_tickets_per_order: number | null;
              valid_from: string | null;
              valid_until: string | null;
              disabled: boolean;
              paid_orders: number;
              revenue_minor: number;
              discount_minor: number;
            }[];
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createCodes: {
    parameters: {
      query?: never;
      header: {
        /** @description Unique per operation; the same key with the same request returns the first answer again */
        'idempotency-key': string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          kind: 'access' | 'promo';
          code?: string;
          batch_size?: number;
          /** @default  */
          label?: string;
          /** @default [] */
          ticket_type_ids?: string[];
          /** @default null */
          discount_kind?: ('percent' | 'fixed') | null;
          /** @default null */
          discount_value?: string | null;
          /** @default null */
          max_uses?: number | null;
          /** @default null */
          max_tickets_per_order?: number | null;
          /** @default null */
          valid_from_local?: string | null;
          /** @default null */
          valid_until_local?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            kind: 'access' | 'promo';
            code: string;
            label: string;
            batch_id: string | null;
            batch_size: number;
            ticket_type_ids: string[];
            discount_kind: ('percent' | 'fixed') | null;
            discount_value: number | null;
            max_uses: number | null;
            uses: number;
            max_tickets_per_order: number | null;
            valid_from: string | null;
            valid_until: string | null;
            disabled: boolean;
            paid_orders: number;
            revenue_minor: number;
            discount_minor: number;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  refundOrder: {
    parameters: {
      query?: never;
      header: {
        /** @description Unique per operation; the same key with the same request returns the first answer again */
        'idempotency-key': string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @default [] */
          ticket_ids?: string[];
          amount_minor?: number;
          reason: string;
          /** @default false */
          confirm_checked_in?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            code: string;
            buyer_name: string;
            email: string;
            quantity: number;
            total_minor: number;
            /** @enum {string} */
            currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
            /** @enum {string} */
            status: 'pending' | 'paid' | 'expired' | 'cancelled' | 'refunded' | 'partially_refunded' | 'payment_review';
            created_at: string;
            paid_at: string | null;
            /** @enum {string} */
            channel: 'online' | 'door' | 'comp';
            door_payment: ('cash' | 'card') | null;
            event: {
              id: string;
              name: string;
            };
            first_name: string;
            last_name: string;
            phone: string | null;
            country: string | null;
            marketing_consent: boolean;
            amount_minor: number;
            fee_minor: number;
            absorbed_fee_minor: number;
            refunded_minor: number;
            refundable_minor: number;
            refunds_allowed: boolean;
            refunds: {
              id: string;
              /** @enum {string} */
              status: 'requested' | 'declined' | 'pending' | 'failed' | 'succeeded';
              /** @enum {string} */
              requested_by: 'fan' | 'organiser';
              ticket_codes: string[];
              amount_minor: number;
              reason: string;
              decline_reason: string | null;
              created_at: string;
            }[];
            promo_code: string | null;
            discount_minor: number;
            lines: {
              id: string;
              ticket_type_id: string;
              name: string;
              quantity: number;
              unit_price_minor: number;
              unit_fee_minor: number;
            }[];
            tickets: {
              id: string;
              code: string;
              type_name: string;
              /** @enum {string} */
              status: 'valid' | 'checked_in' | 'listed' | 'transferred' | 'resold' | 'refunded' | 'cancelled';
              checked_in_at: string | null;
              refunded_minor: number;
              holder_name: string;
              holder_email: string | null;
              unit_price_minor: number;
              answers?: {
                question_id: string;
                label: string;
                value: string;
              }[];
            }[];
            add_ons: {
              id: string;
              add_on_id: string;
              name: string;
              quantity: number;
              unit_price_minor: number;
              handed_over: number;
            }[];
            documents?: {
              /** @enum {string} */
              kind: 'receipt' | 'credit_note';
              number: string;
              total_minor: number;
              currency: string;
              issued_at: string;
              cancelled_by?: string | null;
              cancels?: string | null;
            }[];
            billing?: {
              company_name: string;
              address: string;
              vat_id: string | null;
            } | null;
            answers?: {
              question_id: string;
              label: string;
              value: string;
            }[];
            attendees?: {
              slot: number;
              type_name: string;
              name: string;
              answers: {
                question_id: string;
                label: string;
                value: string;
              }[];
            }[];
            history: {
              id: string;
              action: string;
              from_status: string | null;
              to_status: string | null;
              actor: string;
              device: string | null;
              ticket_code: string | null;
              note: string | null;
              at: string;
            }[];
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getCheckinEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        eventId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            starts_at: string | null;
            location: string;
            status: string;
            sold_on_entry: boolean;
            /** @enum {string} */
            currency: 'GBP' | 'USD' | 'EUR' | 'AUD' | 'CAD' | 'JPY' | 'CHF' | 'CNY' | 'INR';
            checked_in: number;
            sold: number;
            ticket_types: {
              id: string;
              name: string;
              price_minor: number;
              remaining: number | null;
              max_per_order: number;
            }[];
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  scanTicket: {
    parameters: {
      query?: never;
      header: {
        /** @description Unique per operation; the same key with the same request returns the first answer again */
        'idempotency-key': string;
      };
      path: {
        eventId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          payload?: string;
          code?: string;
          device_id: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            result:
              | 'admitted'
              | 'already_checked_in'
              | 'transferred'
              | 'resold'
              | 'refunded'
              | 'cancelled'
              | 'listed'
              | 'other_event'
              | 'unknown';
            headline: string;
            check_in_id: string | null;
            ticket: {
              code: string;
              type: string;
              holder: string;
              order_code: string;
              answers?: {
                label: string;
                value: string;
              }[];
              add_ons?: {
                id: string;
                name: string;
                quantity: number;
                handed_over: number;
              }[];
            } | null;
            checked_in_at: string | null;
            checked_in_by: string | null;
            other_event_name: string | null;
            client_id: string | null;
            counts: {
              checked_in: number;
              sold: number;
            };
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
}
