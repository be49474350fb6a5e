// The event wizard as an organiser works it: artwork, name and description; location and the picker's start and
// end (two months ahead, on the 15th); the Ticket step (the 'Free event' switch, or a price) and capacity; then
// Create. `atTicketStep` runs on the Ticket step before Next (to look at it, take screenshots).
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { makeValidPng } from './images';

export interface WizardEvent {
  name: string;
  description: string;
  location: string;
  /** Free event (the switch); otherwise the price typed. */
  free?: boolean;
  price?: string;
  capacity: string;
  atTicketStep?: (page: Page) => Promise<void>;
}

export async function createEventInWizard(page: Page, event: WizardEvent) {
  await page.goto('/dashboard/events/new');
  await expect(page.getByRole('heading', { name: 'New Event' })).toBeVisible();
  await page.getByLabel('Event artwork file').setInputFiles(await makeValidPng());
  await expect(page.getByText('Change image')).toBeVisible();
  await page.getByRole('textbox', { name: 'Event Name' }).fill(event.name);
  await page.getByRole('textbox', { name: 'Description' }).fill(event.description);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('searchbox', { name: 'Location' }).fill(event.location);
  for (const [label, hour] of [
    ['Start', '18'],
    ['End', '22'],
  ] as const) {
    await page.getByRole('button', { name: new RegExp(`^${label} Date & Time`) }).click();
    const picker = page.getByRole('dialog', { name: `Choose ${label.toLowerCase()} date & time` });
    await picker.getByRole('button', { name: 'Next month' }).click();
    await picker.getByRole('button', { name: 'Next month' }).click();
    await picker.getByRole('grid').getByRole('button', { name: /^15 / }).click();
    await picker.getByRole('button', { name: `Hour ${hour}` }).click();
    await picker.getByRole('button', { name: 'Minute 00' }).click();
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Ticket Details' })).toBeVisible();
  if (event.atTicketStep) await event.atTicketStep(page);
  if (event.free) {
    const free = page.getByRole('switch', { name: 'Free event' });
    if ((await free.getAttribute('aria-checked')) !== 'true') await free.click();
  } else if (event.price) await page.getByRole('spinbutton', { name: 'Ticket Price' }).fill(event.price);
  await page.getByRole('spinbutton', { name: /Venue Capacity/ }).fill(event.capacity);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Additional Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
}
