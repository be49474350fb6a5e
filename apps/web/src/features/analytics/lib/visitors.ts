// The words under the Conversion Rate and Page Views cards: one count of visitors, written with its number.

/** '1 unique visitor', '2,500 unique visitors'. */
export function visitorCount(count: number, adjective = ''): string {
  return `${count.toLocaleString('en-GB')} ${adjective}${count === 1 ? 'visitor' : 'visitors'}`;
}

/** 'No visitors in this period.', '1 of 1 visitor ordered', '2 of 5 visitors ordered'. */
export function conversionCaption(card: { ordering_visitors: number; visitors: number }): string {
  if (card.visitors === 0) return 'No visitors in this period.';
  return `${card.ordering_visitors.toLocaleString('en-GB')} of ${visitorCount(card.visitors)} ordered`;
}
