import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from '../../test/auth-helpers.js';
import { organizationSettings } from '../db/schema/index.js';
import { renderEventsSection } from './home-page.js';

let t: TestApp;
let owner: SignedInUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndVerify(t.app);
  orgId = (await createOrganizationFor(t.app, owner, 'night-owls', 'Night Owls')).id;
});
afterAll(() => t.close());

const home = (host = 'night-owls.localhost:3000') => t.app.inject({ method: 'GET', url: '/', headers: { host } });

describe('GET / on an organisation host', () => {
  it('renders the branded home with defaults, the empty events section and the footer, without JavaScript', async () => {
    const response = await home();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('<h1>Night Owls</h1>');
    expect(html).toContain('--primary:#00ea6f');
    expect(html).toContain('--bg:#0a0a0a');
    expect(html).toContain('font-family:"Inter",');
    expect(html).toContain('<h2 id="events-title">Upcoming events</h2>');
    expect(html).toContain('No upcoming events yet.');
    expect(html).toContain('Tickets by <a href="http://localhost:3000/">Marquee</a>');
    expect(html).toContain('<a href="http://localhost:3000/terms">Marquee terms</a>');
    expect(html).toContain('<a href="http://localhost:3000/privacy">Marquee privacy</a>');
    // Its one script is the loader (the brand font and the storefront script once loaded); nothing needs it.
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script>']);
    // No social links saved: no social list anywhere (only the footer's terms and privacy).
    expect(html).not.toContain('class="social"');
    expect(Buffer.byteLength(html)).toBeLessThan(14 * 1024);
  });

  it('shows the saved branding, only the social links that are set, and escapes everything', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/org/settings',
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: {
        company_name: 'Night <Owls> & "Friends"',
        description: 'Techno <b>every</b> Friday\nLondon',
        primary_color: '#FF5500',
        secondary_color: '#fafafa',
        font_family: 'Bebas Neue',
        instagram_url: 'https://instagram.com/nightowls?a=1&b=2',
        resident_advisor_url: 'https://ra.co/promoters/1',
        x_url: '',
        logo_url: '/uploads/images/logo.webp',
        cover_image_url: '/uploads/images/cover.webp',
      },
    });
    expect(saved.statusCode).toBe(200);
    const html = (await home()).body;
    expect(html).toContain('<h1>Night &lt;Owls&gt; &amp; &quot;Friends&quot;</h1>');
    expect(html).toContain('Techno &lt;b&gt;every&lt;/b&gt; Friday\nLondon');
    expect(html).toContain('--primary:#ff5500');
    expect(html).toContain('--bg:#fafafa');
    expect(html).toContain('--text:#0a0a0a');
    expect(html).toContain('font-family:"Bebas Neue",');
    expect(html).toContain('<a href="https://instagram.com/nightowls?a=1&amp;b=2" rel="noopener">Instagram</a>');
    expect(html).toContain('<a href="https://ra.co/promoters/1" rel="noopener">Resident Advisor</a>');
    expect(html).not.toContain('>TikTok<');
    expect(html).not.toContain('>X<');
    expect(html).toContain('src="/uploads/images/logo.webp" alt="Night &lt;Owls&gt; &amp; &quot;Friends&quot; logo"');
    expect(html).toContain('src="/uploads/images/cover.webp" alt=""');
    expect(html).not.toMatch(/<b>every/);
  });

  it('ignores a stored colour or font that is not a valid value', async () => {
    await t.database.db
      .update(organizationSettings)
      .set({ primaryColor: 'red;}body{display:none', fontFamily: '"Comic";}' })
      .where(eq(organizationSettings.organizationId, orgId));
    const html = (await home()).body;
    expect(html).toContain('--primary:#00ea6f');
    expect(html).not.toContain('display:none');
    expect(html).toContain('font-family:"Inter",');
  });

  it('an unverified custom domain gets the 404 page; a verified one the storefront', async () => {
    await t.database.db
      .update(organizationSettings)
      .set({ customDomain: 'tickets.owls.com' })
      .where(eq(organizationSettings.organizationId, orgId));
    const unverified = await home('tickets.owls.com');
    expect(unverified.statusCode).toBe(404);
    expect(unverified.body).toContain('Page not found');
    await t.database.db
      .update(organizationSettings)
      .set({ customDomainVerified: true })
      .where(eq(organizationSettings.organizationId, orgId));
    const verified = await home('tickets.owls.com');
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('Night &lt;Owls&gt;');
  });

  it('an unknown subdomain gets the 404 page', async () => {
    expect((await home('nobody.localhost:3000')).statusCode).toBe(404);
  });
});

describe('renderEventsSection', () => {
  it('lists events with escaped fields when there are some', () => {
    const html = renderEventsSection([
      {
        title: 'Owls <Live>',
        href: '/events/1',
        when: 'Sat 14 Mar 2026, 20:00',
        location: 'Fabric & Co',
        priceLabel: 'From £12.00',
        imageUrl: '/uploads/images/a.webp',
      },
      { title: 'Second', href: '/events/2', when: 'Sun 15 Mar 2026, 18:00', imageUrl: 'javascript:alert(1)' },
    ]);
    expect(html).toContain('<a href="/events/1">');
    expect(html).toContain('Owls &lt;Live&gt;');
    expect(html).toContain('Fabric &amp; Co');
    expect(html).toContain('From £12.00');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('No upcoming events yet.');
  });
});
