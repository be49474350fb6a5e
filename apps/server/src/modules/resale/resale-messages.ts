// What the fan and the organiser are told about resale listings and the waiting list (decision 035).

export const RESALE_MESSAGES = {
  resaleOff: 'Resale is not offered for this event',
  notValid: 'This ticket can no longer be listed (refunded, cancelled, transferred or resold)',
  checkedIn: 'This ticket has been checked in, so it cannot be listed for resale',
  alreadyListed: 'This ticket is already listed for resale',
  listed: 'This ticket is listed for resale, so it cannot be transferred; withdraw the listing first',
  notListed: 'This ticket is not listed for resale',
  unlimited: 'This event has no capacity limit, so it never sells out and listed tickets could not sell',
  buyerMidCheckout:
    'Someone is buying this ticket right now, so the listing cannot be withdrawn. Try again in a few minutes.',
} as const;

export const WAITLIST_MESSAGES = {
  notSoldOut: 'Tickets are still on sale for this event: buy them on the event page.',
  closed: 'This event is not on sale, so its waiting list is closed.',
  quantity: (max: number) => `Choose between 1 and ${max} tickets`,
  email: 'Enter a valid email address, like name@example.com',
  typeUnknown: 'Choose one of the ticket types',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  joined:
    'You are on the waiting list. We have e-mailed you a confirmation, and we will e-mail you again as soon as tickets come back.',
  already: 'You are already on the waiting list for this event. We will e-mail you as soon as tickets come back.',
  leaveHint: 'Each of our e-mails has a link to leave the list if your plans change.',
} as const;
