// The organiser's checkout questions API (decision 130): add, edit, reorder and delete an event's questions and
// save its attendee settings, each input checked (kinds, options, types of the event, control characters, sizes),
// scoped to the organisation, refused on archived events, and behind the Origin check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto, Question, QuestionList } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';

let t: TestApp;
let owner: SignedInUser;
let rival: SignedInUser;
let live: EventDto;
let rivalEvent: EventDto;

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'asker');
  rival = await sellingOrganiser(t.app, 'other');
  live = await createLiveEvent(t.app, owner);
  rivalEvent = await createLiveEvent(t.app, rival);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, user = owner) =>
  t.app.inject({
    method,
    url,
    headers: method === 'GET' ? { cookie: user.cookie } : asBrowser(user),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const base = () => `/api/events/${live.id}/questions`;
const dietary = {
  label: 'Dietary',
  kind: 'single_choice',
  options: ['None', 'Vegetarian'],
  required: true,
  scope: 'ticket',
};

describe('POST /api/events/:id/questions', () => {
  it('adds questions in order and lists them with the default settings', async () => {
    const first = await call('POST', base(), dietary);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ label: 'Dietary', kind: 'single_choice', position: 0, ticket_type_ids: [] });
    const second = await call('POST', base(), { label: 'Company', kind: 'short_text' });
    expect(second.json()).toMatchObject({ position: 1, required: false, scope: 'order' });
    const list = (await call('GET', base())).json() as QuestionList;
    expect(list.settings).toEqual({ ticket_names: 'off', answers_editable_until: null });
    expect(list.questions.map((question) => question.label)).toEqual(['Dietary', 'Company']);
  });

  it.each([
    [{ label: '', kind: 'short_text' }, 'label', 'Question is required'],
    [{ label: 'x'.repeat(201), kind: 'short_text' }, 'label', 'Question must be 200 characters or less'],
    [{ label: 'Tab\there', kind: 'short_text' }, 'label', 'Contains characters that are not allowed'],
    [{ label: 'Pick', kind: 'single_choice', options: ['Only one'] }, 'options', 'Give at least two options'],
    [{ label: 'Pick', kind: 'multiple_choice', options: ['A', 'a'] }, 'options', 'Each option must be different'],
    [{ label: 'Text', kind: 'short_text', options: ['A', 'B'] }, 'options', 'Only choice questions have options'],
    [{ label: 'What', kind: 'essay' }, 'kind', null],
  ])('refuses %j with a 400 on its field', async (input, path, message) => {
    const response = await call('POST', base(), input);
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.fields as Array<{ path: string; message: string }>;
    const field = fields.find((entry) => entry.path === path || entry.path.startsWith(`${path}`));
    expect(field).toBeDefined();
    if (message) expect(field!.message).toBe(message);
  });

  it('refuses a ticket type of another event', async () => {
    const response = await call('POST', base(), {
      ...dietary,
      ticket_type_ids: [rivalEvent.ticket_types[0]!.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Choose ticket types of this event');
  });

  it('accepts a question for one ticket type of the event', async () => {
    const response = await call('POST', base(), {
      label: 'Table',
      kind: 'short_text',
      scope: 'ticket',
      ticket_type_ids: [live.ticket_types[0]!.id],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().ticket_type_ids).toEqual([live.ticket_types[0]!.id]);
    expect((await call('DELETE', `${base()}/${response.json().id}`)).statusCode).toBe(204);
  });

  it("is 404 for another organisation's event and 403 without the app's Origin", async () => {
    expect((await call('POST', `/api/events/${rivalEvent.id}/questions`, dietary)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${rivalEvent.id}/questions`)).statusCode).toBe(404);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: base(),
      headers: { cookie: owner.cookie, origin: 'http://evil.example' },
      payload: dietary,
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('PUT, reorder and DELETE /api/events/:id/questions', () => {
  it('edits a question, reorders all of them and deletes one', async () => {
    const list = (await call('GET', base())).json() as QuestionList;
    const [a, b] = list.questions as [Question, Question];
    const edited = await call('PUT', `${base()}/${b.id}`, {
      label: 'Company name',
      kind: 'short_text',
      required: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ label: 'Company name', required: true });
    const reordered = await call('POST', `${base()}/reorder`, { ids: [b.id, a.id] });
    expect(reordered.statusCode).toBe(200);
    expect((reordered.json() as QuestionList).questions.map((question) => question.id)).toEqual([b.id, a.id]);
    const incomplete = await call('POST', `${base()}/reorder`, { ids: [b.id] });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.message).toBe('Send every question of this event exactly once');
    expect((await call('DELETE', `${base()}/${b.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `${base()}/${b.id}`)).statusCode).toBe(404);
    expect(((await call('GET', base())).json() as QuestionList).questions.map((question) => question.id)).toEqual([
      a.id,
    ]);
  });

  it("cannot touch another organisation's question through its own event", async () => {
    const theirs = await call('POST', `/api/events/${rivalEvent.id}/questions`, dietary, rival);
    expect(theirs.statusCode).toBe(201);
    const id = theirs.json().id as string;
    expect((await call('PUT', `${base()}/${id}`, dietary)).statusCode).toBe(404);
    expect((await call('DELETE', `${base()}/${id}`)).statusCode).toBe(404);
  });
});

describe('PUT /api/events/:id/attendee-settings', () => {
  it('saves names on tickets and the deadline, and refuses values outside the lists', async () => {
    const saved = await call('PUT', `/api/events/${live.id}/attendee-settings`, {
      ticket_names: 'required',
      answers_editable_until: '2031-06-13T12:00:00.000Z',
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as QuestionList).settings).toEqual({
      ticket_names: 'required',
      answers_editable_until: '2031-06-13T12:00:00.000Z',
    });
    const bad = await call('PUT', `/api/events/${live.id}/attendee-settings`, {
      ticket_names: 'sometimes',
      answers_editable_until: 'tomorrow',
    });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses changes to an archived event's questions", async () => {
    const draft = await createLiveEvent(t.app, owner, { name: 'Old show' });
    const archived = await call('POST', `/api/events/${draft.id}/archive`, {});
    expect(archived.statusCode).toBe(200);
    const response = await call('POST', `/api/events/${draft.id}/questions`, dietary);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe("An archived event's questions cannot be changed");
  });
});
