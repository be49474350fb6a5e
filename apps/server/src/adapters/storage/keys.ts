// Storage keys are made by the server; these rules still refuse anything that could leave the storage root.
// Lower-case segments of [a-z0-9._-], each starting with a letter or digit: no "..", no ".", no hidden files,
// no empty segments, no leading slash, no backslashes or drive letters.
const keyPattern = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;

export function isValidStorageKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && keyPattern.test(key) && !key.includes('..');
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}
