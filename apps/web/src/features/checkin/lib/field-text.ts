// Putting typed text into the focused field by hand, for keys the wedge reader held back and hands back, and
// putting a field back as it was before a scanner's keys reached it. Values are set through the element's own
// setter and announced with an `input` event, so React's controlled inputs see the change as typing.

export type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Input types whose value is free text with a caret (a number or date field takes no letters). */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password']);
/** Input types that take no typed text at all. */
const NO_TEXT_TYPES = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'image', 'file', 'range', 'color']);

export function textField(element: Element | null): TextField | null {
  if (element instanceof HTMLTextAreaElement) return element.readOnly || element.disabled ? null : element;
  if (element instanceof HTMLInputElement && TEXT_TYPES.has(element.type))
    return element.readOnly || element.disabled ? null : element;
  return null;
}

/** The element reacts to typed characters (a text or number field, a select's type-ahead, editable content). */
export function takesText(element: Element | null): boolean {
  if (element instanceof HTMLInputElement) return !NO_TEXT_TYPES.has(element.type);
  return (
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    (element instanceof HTMLElement && element.isContentEditable)
  );
}

function setValue(field: TextField, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function select(field: TextField, start: number, end = start) {
  try {
    field.setSelectionRange(start, end);
  } catch {
    // e-mail fields have no selection to set.
  }
}

/** Types `text` at the field's caret (replacing a selection), within its maxlength, as the keys would have. */
export function insertText(element: Element | null, text: string) {
  const field = textField(element);
  if (!field || !text) return;
  const value = field.value;
  const start = field.selectionStart ?? value.length;
  const end = field.selectionEnd ?? start;
  const room = field.maxLength >= 0 ? field.maxLength - (value.length - (end - start)) : text.length;
  const piece = text.slice(0, Math.max(0, room));
  if (!piece) return;
  setValue(field, value.slice(0, start) + piece + value.slice(end));
  select(field, start + piece.length);
}

export interface FieldState {
  field: TextField;
  value: string;
  start: number | null;
  end: number | null;
}

export function saveField(element: Element | null): FieldState | null {
  const field = textField(element);
  return field ? { field, value: field.value, start: field.selectionStart, end: field.selectionEnd } : null;
}

export function restoreField(state: FieldState | null) {
  if (!state || !state.field.isConnected || state.field.value === state.value) return;
  setValue(state.field, state.value);
  if (state.start !== null) select(state.field, state.start, state.end ?? state.start);
}
