// fast-check arbitraries for the fuzz suite: values derived from a route's JSON Schema (well-formed, so a
// request gets past validation into the handler) with hostile leaves mixed in: malformed, oversized, unicode,
// control-character and type-confused values, at the top level or deep inside.
import fc from 'fast-check';
import type { JsonSchema } from './route-table.js';

const CONTROL = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).concat('\u007f');

/** Strings a careless handler trips on. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0007bell',
    '\u007f',
    '\u202eevil\u202c',
    '\ud800',
    '\udfff\ud800',
    '😀'.repeat(50),
    'e\u0301\u0301\u0301',
    'İıßﬀ',
    'ＡＢＣ',
    '../../../etc/passwd',
    '%00',
    '%ff',
    '%',
    "' OR 1=1 --",
    '"); drop table event; --',
    '<script>alert(1)</script>',
    '{{7*7}}${7*7}',
    '__proto__',
    'constructor',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e309',
    '-0.0000001',
    '0x1f',
    '9'.repeat(40),
    '2031-02-31T25:61',
    '0000-00-00',
    '9999-12-31T23:59:59.999Z',
    'http://',
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    '\r\nSet-Cookie: x=1',
    'a'.repeat(5_000),
    'x'.repeat(70_000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...CONTROL), minLength: 1, maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

/** A value of the wrong type, or a hostile one of any type. */
export const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant([]),
  fc.constant({}),
  fc.array(nastyString, { maxLength: 3 }),
  fc.constant(Array.from({ length: 2_000 }, (_, index) => index)),
  fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}') as unknown),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

const MAX_STRING = 200;

/** A value valid for `schema`, with hostile leaves when `evil`. */
export function fromSchema(schema: JsonSchema | undefined, evil: boolean, depth = 0): fc.Arbitrary<unknown> {
  const valid = validFromSchema(schema ?? {}, evil, depth);
  if (!evil) return valid;
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: evilValue });
}

function validFromSchema(schema: JsonSchema, evil: boolean, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((option) => fromSchema(option, evil, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], evil, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFrom(schema, evil);
    case 'integer':
      return fc.integer({
        min: Math.max(Number(schema.minimum ?? -1e6), Number.MIN_SAFE_INTEGER),
        max: Math.min(Number(schema.maximum ?? 1e6), Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: Number(schema.minimum ?? -1e6),
        max: Number(schema.maximum ?? 1e6),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const maxItems = Math.min(Number(schema.maxItems ?? 4), 4);
      const minItems = Math.min(Number(schema.minItems ?? 0), maxItems);
      return fc.array(fromSchema(items, evil, depth + 1), { minLength: minItems, maxLength: maxItems });
    }
    case 'object':
      return objectFrom(schema, evil, depth);
    default:
      return schema.properties ? objectFrom(schema, evil, depth) : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFrom(schema: JsonSchema, evil: boolean): fc.Arbitrary<string> {
  const minLength = Math.min(Number(schema.minLength ?? 0), MAX_STRING);
  const maxLength = Math.max(minLength, Math.min(Number(schema.maxLength ?? MAX_STRING), MAX_STRING));
  let valid: fc.Arbitrary<string>;
  if (schema.format === 'uuid') valid = fc.uuid();
  else if (schema.format === 'email') valid = fc.emailAddress();
  else if (schema.format === 'date-time') valid = fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  else if (schema.format === 'uri' || schema.format === 'url') valid = fc.webUrl();
  else if (typeof schema.pattern === 'string') valid = patternString(schema.pattern, minLength, maxLength);
  else valid = fc.string({ minLength, maxLength });
  if (!evil) return valid;
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: nastyString });
}

function patternString(pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  try {
    return fc
      .stringMatching(new RegExp(pattern))
      .filter((value) => value.length >= minLength && value.length <= Math.max(maxLength, minLength));
  } catch {
    return fc.string({ minLength, maxLength });
  }
}

function objectFrom(schema: JsonSchema, evil: boolean, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const record = fc.record(Object.fromEntries(keys.map((key) => [key, fromSchema(properties[key], evil, depth + 1)])), {
    requiredKeys: (schema.required ?? []).filter((key) => keys.includes(key)),
  });
  if (!evil) return record;
  // Unknown keys (prototype pollution among them) and a known key with a value of the wrong type.
  const extra = fc.dictionary(fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor')), evilValue, {
    maxKeys: 2,
  });
  const confused = keys.length
    ? fc.tuple(record, fc.constantFrom(...keys), evilValue).map(([value, key, bad]) => ({
        ...(value as object),
        [key]: bad,
      }))
    : record;
  return fc.oneof(
    { weight: 4, arbitrary: record },
    { weight: 3, arbitrary: confused },
    { weight: 1, arbitrary: fc.tuple(record, extra).map(([value, more]) => ({ ...more, ...(value as object) })) },
  );
}

/** A whole request body: JSON of the derived value, malformed JSON, a form, another media type, or too big. */
export type BodyCase =
  { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string | undefined; payload: string };

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}garbage',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '['.repeat(5_000) + ']'.repeat(5_000),
  '"\\ud800"',
  '1e999999',
);

export function bodyArbitrary(schema: JsonSchema | undefined, formFields: string[]): fc.Arbitrary<BodyCase> {
  const value = fromSchema(schema ?? genericObjectSchema(formFields), true);
  const formKeys = fc.oneof(fc.constantFrom(...(formFields.length ? formFields : ['q'])), nastyString);
  const form = fc
    .dictionary(formKeys, fc.oneof(nastyString, fc.string({ maxLength: 20 }), fc.nat().map(String)), { maxKeys: 8 })
    .map((fields) => new URLSearchParams(fields).toString());
  return fc.oneof(
    { weight: 8, arbitrary: value.map((json): BodyCase => ({ kind: 'json', value: json })) },
    {
      weight: 2,
      arbitrary: malformedJson.map((payload): BodyCase => ({ kind: 'raw', contentType: 'application/json', payload })),
    },
    {
      weight: 3,
      arbitrary: form.map((payload): BodyCase => ({
        kind: 'raw',
        contentType: 'application/x-www-form-urlencoded',
        payload,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'multipart/form-data; boundary=xyz',
            'multipart/form-data',
            'application/xml',
            'application/json; charset=utf-16',
            'application/x-www-form-urlencoded; charset=latin1',
            undefined,
          ),
          fc.oneof(nastyString, fc.constant('--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc')),
        )
        .map(([contentType, payload]): BodyCase => ({ kind: 'raw', contentType, payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain')
        .map((contentType): BodyCase => ({ kind: 'raw', contentType, payload: `"${'z'.repeat(1_100_000)}"` })),
    },
  );
}

/** For a route without a body schema: an object of the form fields seen on the site's pages. */
function genericObjectSchema(formFields: string[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(formFields.slice(0, 30).map((name) => [name, { type: 'string' }])),
  };
}

/** A query string from the schema's properties (or the form fields), with hostile values and raw encodings. */
export function queryArbitrary(schema: JsonSchema | undefined, names: string[]): fc.Arbitrary<string> {
  const keys = Object.keys(schema?.properties ?? {});
  const value = fromSchema(schema ?? genericObjectSchema(names), true);
  const encoded = value.map((query) => {
    if (!query || typeof query !== 'object' || Array.isArray(query)) return '';
    const search = new URLSearchParams();
    for (const [key, item] of Object.entries(query)) {
      for (const one of Array.isArray(item) ? item : [item]) {
        search.append(key, typeof one === 'string' ? one : (JSON.stringify(one) ?? ''));
      }
    }
    return search.toString();
  });
  const raw = fc.constantFrom('%', '%ff', 'a=%zz', '&&&', '=x', `${keys[0] ?? 'q'}=1&${keys[0] ?? 'q'}=2`, 'a[b][c]=1');
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 5, arbitrary: encoded },
    { weight: 1, arbitrary: raw },
  );
}

/** Percent-encodes every byte of the UTF-8 form outside the unreserved set (a lone surrogate becomes U+FFFD). */
export function encodeSegment(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

/** A path segment: a real value from `known`, or a hostile one (percent-encoded, or raw bad encodings). */
export function segmentArbitrary(known: string[]): fc.Arbitrary<string> {
  const real = known.length ? fc.constantFrom(...known) : fc.uuid();
  return fc.oneof(
    { weight: 3, arbitrary: real.map(encodeSegment) },
    { weight: 3, arbitrary: nastyString.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom('%ff', '%00', '%', '%2e%2e', '..', '%2F', 'a%20b', 'é') },
    { weight: 1, arbitrary: fc.uuid() },
  );
}
