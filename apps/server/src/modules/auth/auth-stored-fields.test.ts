// Bounds on what better-auth stores about a person: a form's name, e-mail and image are refused with a 400 in the
// envelope when out of bounds; a social provider's profile is fitted to the same bounds; a session's user agent is
// cut. /api/auth/update-user (which stored a 5,000-character name and a javascript: image) is closed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { authPost, signUpAndVerify, STRONG_PASSWORD, uniqueEmail } from '../../../test/auth-helpers.js';
import { USER_AGENT_MAX, USER_FIELD_MESSAGES, USER_NAME_MAX } from './auth-fields.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const stored = async (email: string) =>
  (await t.app.db.select().from(user).where(eq(user.email, email.toLowerCase())))[0];

function expectRefused(response: { statusCode: number; json(): unknown }, path: string, message: string) {
  expect(response.statusCode).toBe(400);
  expect((response.json() as { error: unknown }).error).toEqual({
    code: 'VALIDATION_ERROR',
    message: `Invalid body: ${path}: ${message}`,
    fields: [{ path, message }],
  });
}

describe('POST /api/auth/sign-up/email', () => {
  const signUp = (fields: Record<string, unknown>) =>
    authPost(t.app, '/sign-up/email', { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Ann Lee', ...fields });

  it('400 for a name over 100 characters; nothing is stored and no code is mailed', async () => {
    const email = uniqueEmail();
    const response = await signUp({ email, name: 'x'.repeat(5000) });
    expectRefused(response, 'name', USER_FIELD_MESSAGES.nameTooLong);
    expect(await stored(email)).toBeUndefined();
    const mail = await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` });
    expect(mail.json()).toEqual([]);
  });

  it('takes a name of exactly 100 characters', async () => {
    const email = uniqueEmail();
    expect((await signUp({ email, name: 'n'.repeat(USER_NAME_MAX) })).statusCode).toBe(200);
    expect((await stored(email))?.name).toBe('n'.repeat(USER_NAME_MAX));
  });

  it('400 for an empty name, a tab or line break, or a right-to-left override in it', async () => {
    expectRefused(await signUp({ name: '   ' }), 'name', USER_FIELD_MESSAGES.nameRequired);
    for (const name of ['Ann\tLee', 'Ann\nLee', 'Ann\u202eeeL']) {
      expectRefused(await signUp({ name }), 'name', USER_FIELD_MESSAGES.nameControl);
    }
  });

  it('400 for an image that is not an https: address or one of our uploads', async () => {
    for (const image of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://evil.example/a.png',
      'https://user:secret@cdn.example.com/a.png',
      '/uploads/../etc/passwd',
      `https://cdn.example.com/${'a'.repeat(2048)}.png`,
    ]) {
      const email = uniqueEmail();
      expectRefused(await signUp({ email, image }), 'image', USER_FIELD_MESSAGES.image);
      expect(await stored(email), image).toBeUndefined();
    }
  });

  it('takes an https: image and one of our uploads', async () => {
    for (const image of [
      'https://cdn.example.com/a.png',
      '/uploads/images/a.webp',
      'http://localhost:3000/uploads/a.webp',
    ]) {
      const email = uniqueEmail();
      expect((await signUp({ email, image })).statusCode, image).toBe(200);
      expect((await stored(email))?.image).toBe(image);
    }
  });

  it('400 for an e-mail address over 254 characters', async () => {
    const email = `${'a'.repeat(250)}@example.com`;
    expectRefused(await signUp({ email }), 'email', USER_FIELD_MESSAGES.emailTooLong);
    expect(await stored(email)).toBeUndefined();
  });
});

describe('update-user', () => {
  it('POST /api/auth/update-user - 404; the name and image stay as they were', async () => {
    const person = await signUpAndVerify(t.app);
    const before = await stored(person.email);
    const response = await authPost(
      t.app,
      '/update-user',
      { name: 'x'.repeat(5000), image: 'javascript:alert(1)' },
      { cookie: person.cookie },
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    const after = await stored(person.email);
    expect({ name: after?.name, image: after?.image }).toEqual({ name: before?.name, image: before?.image });
  });

  it('a server-side update is held to the same bounds', async () => {
    const person = await signUpAndVerify(t.app);
    const headers = new Headers({ cookie: person.cookie });
    await expect(t.app.auth.api.updateUser({ body: { name: 'x'.repeat(5000) }, headers })).rejects.toMatchObject({
      body: { code: 'VALIDATION_ERROR' },
    });
    await expect(t.app.auth.api.updateUser({ body: { image: 'javascript:alert(1)' }, headers })).rejects.toMatchObject({
      body: { code: 'VALIDATION_ERROR' },
    });
    expect((await stored(person.email))?.image).toBeNull();
  });
});

describe("a social provider's profile", () => {
  it('is fitted: the name cleaned and cut to 100 characters, an image we would refuse dropped', async () => {
    const context = await t.app.auth.$context;
    const email = uniqueEmail('social');
    // What the Microsoft callback hands over: its photo as a data: URL.
    const microsoft = { method: 'oauth', oauth: { providerId: 'microsoft' } } as const;
    await context.internalAdapter.createUser(
      {
        email,
        name: `Ann\u202e ${'y'.repeat(5000)}`,
        image: `data:image/jpeg;base64, ${'A'.repeat(10_000)}`,
        emailVerified: true,
      },
      microsoft,
    );
    const row = await stored(email);
    expect(row?.name).toBe(`Ann  ${'y'.repeat(USER_NAME_MAX - 5)}`);
    expect(row?.image).toBeNull();

    const kept = uniqueEmail('social');
    await context.internalAdapter.createUser(
      { email: kept, name: 'Bo', image: 'https://lh3.example.com/a.jpg' },
      { method: 'oauth', oauth: { providerId: 'google' } },
    );
    expect((await stored(kept))?.image).toBe('https://lh3.example.com/a.jpg');
  });
});

describe("a session's user agent", () => {
  it('is stored cut to 512 characters', async () => {
    const person = await signUpAndVerify(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', 'user-agent': 'U'.repeat(8000) },
      payload: { email: person.email, password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.app.db
      .select({ userAgent: session.userAgent })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.email, person.email));
    expect(rows.map((row) => row.userAgent?.length ?? 0).sort()).toContain(USER_AGENT_MAX);
    expect(Math.max(...rows.map((row) => row.userAgent?.length ?? 0))).toBe(USER_AGENT_MAX);
  });
});
