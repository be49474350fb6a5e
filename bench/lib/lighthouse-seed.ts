// The storefront Lighthouse bench's world, made through the public API of a running server: an organiser with
// payouts, a logo and cover, and a live event with a 1600x900 photo-like artwork.
import sharp from 'sharp';

/** A photo-like picture: smooth colour gradients with fine noise, so it compresses like a photograph. */
async function photoLike(width: number, height: number, quality: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      const noise = () => (Math.random() - 0.5) * 56;
      const wave = Math.sin(x / 37) * Math.cos(y / 23) * 40;
      pixels[offset] = Math.max(0, Math.min(255, (x / width) * 200 + 30 + wave + noise()));
      pixels[offset + 1] = Math.max(0, Math.min(255, (y / height) * 160 + 40 - wave + noise()));
      pixels[offset + 2] = Math.max(0, Math.min(255, ((x + y) / (width + height)) * 180 + 50 + noise()));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.6)
    .jpeg({ quality })
    .toBuffer();
}

/** The organiser, the payouts, the images and the live event, all through the public API. */
export async function seed(base: string, subdomain: string): Promise<{ eventUrl: string; artworkBytes: number }> {
  const origin = { origin: base };
  const email = `bench-${Date.now()}@example.com`;
  const json = (body: unknown, cookie?: string) => ({
    headers: { 'content-type': 'application/json', ...origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const expectOk = async (response: Response, step: string) => {
    if (response.status >= 400) throw new Error(`${step}: ${response.status} ${await response.text()}`);
    return response;
  };

  await expectOk(
    await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      ...json({ email, password: 'Tickets&Rush42', name: 'Bench Organiser' }),
    }),
    'sign-up',
  );
  const mail = (await (await fetch(`${base}/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as Array<{
    text: string;
  }>;
  const otp = mail[0]?.text.match(/\b\d{6}\b/)?.[0];
  if (!otp) throw new Error('No verification code in the outbox');
  const verify = await expectOk(
    await fetch(`${base}/api/auth/email-otp/verify-email`, { method: 'POST', ...json({ email, otp }) }),
    'verify-email',
  );
  const cookie = verify.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
  await expectOk(
    await fetch(`${base}/api/org/create`, {
      method: 'POST',
      ...json({ company_name: 'Bench Nights', subdomain, default_currency: 'GBP' }, cookie),
    }),
    'org/create',
  );

  // Payouts through the sandbox's hosted onboarding: publishing needs them.
  const billing = `${base}/dashboard/billing`;
  const connect = (await (
    await expectOk(
      await fetch(`${base}/api/stripe/create-connect-account`, {
        method: 'POST',
        ...json({ refresh_url: billing, return_url: `${billing}?setup=complete` }, cookie),
      }),
      'create-connect-account',
    )
  ).json()) as { account_link_url: string };
  const onboarding = await fetch(connect.account_link_url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...origin },
    body: new URLSearchParams({
      business_name: 'Bench Nights Ltd',
      business_type: 'company',
      country: 'GB',
      address_line1: '1 High Street',
      address_city: 'London',
      address_postal_code: 'N1 9GU',
      representative_name: 'Ada Lovelace',
      representative_dob: '1985-12-10',
      bank_account_holder: 'Bench Nights Ltd',
      bank_routing: '10-88-00',
      bank_account_number: '00012345',
      registration_number: '12345678',
    }),
  });
  if (onboarding.status !== 303) throw new Error(`sandbox onboarding: ${onboarding.status}`);

  const uploadImage = async (bytes: Buffer, purpose: string) => {
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', new File([new Uint8Array(bytes)], `${purpose}.jpg`, { type: 'image/jpeg' }));
    const response = await expectOk(
      await fetch(`${base}/api/uploads/image`, { method: 'POST', headers: { cookie, ...origin }, body: form }),
      `upload ${purpose}`,
    );
    return ((await response.json()) as { url: string }).url;
  };
  const artwork = await photoLike(1600, 900, 85);
  const artworkUrl = await uploadImage(artwork, 'event-artwork');
  const logoUrl = await uploadImage(await photoLike(400, 400, 95), 'logo');
  const coverUrl = await uploadImage(await photoLike(1600, 500, 90), 'cover');
  await expectOk(
    await fetch(`${base}/api/org/settings`, {
      method: 'PUT',
      ...json(
        {
          company_name: 'Bench Nights',
          description: 'Late shows and early doors, every weekend.',
          logo_url: logoUrl,
          cover_image_url: coverUrl,
        },
        cookie,
      ),
    }),
    'org/settings',
  );

  const created = (await (
    await expectOk(
      await fetch(`${base}/api/events`, {
        method: 'POST',
        ...json(
          {
            artwork_url: artworkUrl,
            name: 'Night Owls Live',
            description: 'An all-night party with three rooms of music.',
            location: 'Brixton Academy, London',
            start_local: '2030-06-14T19:00',
            end_local: '2030-06-15T03:00',
            time_zone: 'Europe/London',
            lineup: ['DJ One', 'MC Two', 'The Third'],
            currency: 'GBP',
            price: '20.00',
            capacity: 500,
            minimum_age: 18,
            terms_of_service: 'No re-entry.',
          },
          cookie,
        ),
      }),
      'create event',
    )
  ).json()) as { id: string; slug: string };
  await expectOk(
    await fetch(`${base}/api/events/${created.id}/publish`, { method: 'POST', headers: { cookie, ...origin } }),
    'publish',
  );
  // The slug address: the id one would add a redirect to every run.
  return { eventUrl: `/events/${created.slug}`, artworkBytes: artwork.length };
}
