// After a failed step or save: focus the form's first invalid field (DOM order) and scroll it, with its
// label, into view below whatever is fixed or sticky at the top of the page (the dashboard header), on any
// screen size. Returns the field, or null when nothing is invalid.

const GAP_PX = 16;

/** The bottom edge of the fixed and sticky bars at the top of the viewport (0 when there are none). */
export function topBarsBottom(): number {
  let bottom = 0;
  for (const element of document.querySelectorAll<HTMLElement>('header, [data-fixed-header]')) {
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    if (style.position === 'fixed') {
      const rect = element.getBoundingClientRect();
      if (rect.top <= 1) bottom = Math.max(bottom, rect.bottom);
    } else if (style.position === 'sticky') {
      const top = Number.parseFloat(style.top);
      if (Number.isFinite(top)) bottom = Math.max(bottom, top + element.offsetHeight);
    }
  }
  return bottom;
}

export function focusFirstInvalid(root: HTMLElement | null): HTMLElement | null {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return null;
  field.focus({ preventScroll: true });
  // Bring the whole field (label, control, message) into view when it has a wrapper marked data-field.
  const block = field.closest<HTMLElement>('[data-field]') ?? field;
  const rect = block.getBoundingClientRect();
  const top = topBarsBottom() + GAP_PX;
  const fits = rect.top >= top && rect.bottom <= window.innerHeight - GAP_PX;
  if (!fits) window.scrollTo({ top: Math.max(0, window.scrollY + rect.top - top), behavior: 'instant' });
  return field;
}
