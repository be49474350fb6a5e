// Every test fails on an unexpected console.error (a test that expects one calls allowConsoleError()).
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

let spy: MockInstance<typeof console.error> | undefined;
let allowed = false;

export function allowConsoleError() {
  allowed = true;
}

beforeEach(() => {
  allowed = false;
  spy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (calls.length > 0 && !allowed) {
    const first = calls[0]?.map((part) => (part instanceof Error ? part.stack : String(part))).join(' ');
    throw new Error(`Unexpected console.error (${calls.length} call(s)): ${first}`);
  }
});
